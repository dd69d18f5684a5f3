/**
 * How this device shows a story's text: size, typeface, colours and line width. Kept in
 * localStorage (per device, not per account) and shared by every open story page.
 */
import { useSyncExternalStore } from 'react';

export const READER_SIZES = ['small', 'medium', 'large', 'x-large'] as const;
export const READER_FONTS = ['serif', 'sans'] as const;
export const READER_THEMES = ['dark', 'sepia'] as const;
export const READER_WIDTHS = ['narrow', 'wide'] as const;

export type ReaderSettings = {
  size: (typeof READER_SIZES)[number];
  font: (typeof READER_FONTS)[number];
  theme: (typeof READER_THEMES)[number];
  /** narrow: about 70 characters a line (the default); wide: the page's width */
  width: (typeof READER_WIDTHS)[number];
};

export const DEFAULT_READER_SETTINGS: ReaderSettings = { size: 'medium', font: 'serif', theme: 'dark', width: 'narrow' };
const STORAGE_KEY = 'dreadforge.reader';
const listeners = new Set<() => void>();
let current: ReaderSettings | null = null;

const pick = <T extends string>(options: readonly T[], value: unknown, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

function read(): ReaderSettings {
  let saved: Record<string, unknown>;
  try {
    saved = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    saved = {}; // unreadable (edited by hand): the defaults
  }
  const d = DEFAULT_READER_SETTINGS;
  return {
    size: pick(READER_SIZES, saved.size, d.size),
    font: pick(READER_FONTS, saved.font, d.font),
    theme: pick(READER_THEMES, saved.theme, d.theme),
    width: pick(READER_WIDTHS, saved.width, d.width),
  };
}

function snapshot(): ReaderSettings {
  current ??= read();
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    current = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function saveReaderSettings(change: Partial<ReaderSettings>) {
  current = { ...snapshot(), ...change };
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // storage full or refused (private mode): the choice holds for this page only
  }
  listeners.forEach((listener) => listener());
}

/** This device's reader settings, and a setter that keeps them. */
export function useReaderSettings(): [ReaderSettings, (change: Partial<ReaderSettings>) => void] {
  const settings = useSyncExternalStore(subscribe, snapshot, () => DEFAULT_READER_SETTINGS);
  return [settings, saveReaderSettings];
}
