import { EXCERPT_LENGTH, WORDS_PER_MINUTE } from './constants';

/** A card's text: the feed's `excerpt` (made by the server), else the first characters of the text. */
export function cardText(item: { excerpt?: string | null; content?: string | null }, fallback?: string | null): string {
  return item.excerpt ?? excerpt(fallback ?? item.content);
}

export function excerpt(text: string | null | undefined, length = EXCERPT_LENGTH): string {
  // The first `length` characters then an ellipsis (SPEC §2), only when the text was cut.
  const value = (text ?? '').trim();
  if (value.length <= length) return value;
  return `${value.slice(0, length).replace(/[.\s]+$/, '')}...`;
}

export function countWords(text: string | null | undefined): number {
  const trimmed = (text ?? '').trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** Minutes to read at 200 words per minute, rounded up. */
export function readingTime(text: string | null | undefined): number {
  return Math.max(1, Math.ceil(countWords(text) / WORDS_PER_MINUTE));
}

/** Seconds as m:ss. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = Math.max(0, Math.round(Number(seconds) || 0));
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** One formatter for every date shown: `toLocaleDateString` with options builds a new one per
 * call, which made a feed of cards slow to draw. Made on first use. */
let dateFormat: Intl.DateTimeFormat | undefined;

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  dateFormat ??= new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
  return dateFormat.format(date);
}

export function formatRelative(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  const diff = Date.now() - date.getTime();
  if (Number.isNaN(diff)) return '';
  const minute = 60000;
  const hour = 60 * minute;
  const day = 24 * hour;
  if (diff < minute) return 'just now';
  if (diff < hour) return `${Math.floor(diff / minute)} min ago`;
  if (diff < day) {
    const h = Math.floor(diff / hour);
    return `${h} hour${h === 1 ? '' : 's'} ago`;
  }
  if (diff < 30 * day) {
    const d = Math.floor(diff / day);
    return `${d} day${d === 1 ? '' : 's'} ago`;
  }
  return formatDate(value);
}

/** A count and its noun: '1 like', '2 likes'. */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function formatCount(value: number | null | undefined): string {
  const n = Number(value) || 0;
  if (n >= 1000000) return `${(n / 1000000).toFixed(1).replace(/\.0$/, '')}M`;
  if (n >= 1000) return `${(n / 1000).toFixed(1).replace(/\.0$/, '')}K`;
  return String(n);
}

export function authorHandle(user?: { firstName?: string | null } | null): string {
  return user?.firstName ? `@${user.firstName}` : '@anonymous';
}

export function displayName(user?: { firstName?: string | null; lastName?: string | null } | null, fallback = 'Anonymous'): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return name || fallback;
}

export function firstMood(mood: unknown): string {
  if (Array.isArray(mood)) return mood[0] ?? '';
  return typeof mood === 'string' ? mood : '';
}

export function isEdited(createdAt?: string | null, updatedAt?: string | null): boolean {
  if (!createdAt || !updatedAt) return false;
  return new Date(updatedAt).getTime() > new Date(createdAt).getTime();
}

export function lengthLabel(storyLength: number): 'short' | 'medium' | 'long' {
  if (storyLength < 1000) return 'short';
  if (storyLength < 2000) return 'medium';
  return 'long';
}

export function randomItem<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)];
}
