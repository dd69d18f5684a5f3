import { useSyncExternalStore } from 'react';
import { TOAST_DEFAULT_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './constants';

export type ToastVariant = 'default' | 'destructive' | 'success';

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  /** A button in the toast (e.g. Undo); pressing it runs `onClick` and dismisses the toast. */
  action?: { label: string; onClick: () => void };
  open: boolean;
};

type Listener = () => void;

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const closeTimers = new Map<number, ReturnType<typeof setTimeout>>();
const removeTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

function remove(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  removeTimers.delete(id);
  emit();
}

export function dismissToast(id?: number) {
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  for (const t of toasts) {
    if (!t.open && !removeTimers.has(t.id)) {
      removeTimers.set(t.id, setTimeout(() => remove(t.id), TOAST_REMOVE_DELAY));
    }
    if (!t.open && closeTimers.has(t.id)) {
      clearTimeout(closeTimers.get(t.id));
      closeTimers.delete(t.id);
    }
  }
  emit();
}

/** Shows a toast; only TOAST_LIMIT are kept, the newest first. */
export function toast(input: Omit<Toast, 'id' | 'open'>) {
  const id = ++counter;
  const next: Toast = { ...input, id, open: true };
  toasts = [next, ...toasts.map((t) => ({ ...t, open: false }))].slice(0, TOAST_LIMIT);
  for (const timer of closeTimers.values()) clearTimeout(timer);
  closeTimers.clear();
  closeTimers.set(id, setTimeout(() => dismissToast(id), input.duration ?? TOAST_DEFAULT_DURATION));
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}
