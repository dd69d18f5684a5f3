import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { saveReadingProgress } from '../../../lib/content/content-api';
import { storyKeys } from '../../../lib/query-keys';

/** How long the reader must stop scrolling before their place is sent. */
export const PROGRESS_DEBOUNCE_MS = 1200;
/** Below this, or past FINISHED, there is nothing to continue. */
const STARTED = 0.03;
const FINISHED = 0.97;

/**
 * How far through the text the bottom of the window is: 0 before its first line shows, 1 once
 * its last line has.
 */
export function positionIn(element: HTMLElement): number {
  const rect = element.getBoundingClientRect();
  if (rect.height <= 0) return 0;
  return Math.min(1, Math.max(0, (window.innerHeight - rect.top) / rect.height));
}

/** Scrolls the window so that its bottom is at `position` of the text. */
export function scrollToPosition(element: HTMLElement, position: number) {
  const rect = element.getBoundingClientRect();
  const top = window.scrollY + rect.top + position * rect.height - window.innerHeight;
  window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
}

/**
 * The story page's memory of where the reader is: while a signed-in reader scrolls, their place
 * is sent (debounced) to the server, and a place still waiting is sent at once when the page is
 * hidden, closed or left (a keepalive request, which outlives the tab); `canContinue` says a saved place lies further than where the
 * page opened, and `continueReading` scrolls there.
 */
export function useReadingProgress(storyId: number, saved: number | null | undefined, textRef: RefObject<HTMLElement | null>, signedIn: boolean) {
  const client = useQueryClient();
  const lastSent = useRef<number | null>(null);
  const [moved, setMoved] = useState(false);
  const [opened, setOpened] = useState<number | null>(null);

  useEffect(() => {
    const text = textRef.current;
    if (!text || !signedIn) return undefined;
    lastSent.current = positionIn(text);
    setOpened(lastSent.current);
    setMoved(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** the place read at the last scroll, not sent yet */
    let waiting: number | null = null;
    const send = (keepalive: boolean) => {
      clearTimeout(timer);
      if (waiting === null) return;
      const position = waiting;
      waiting = null;
      if (lastSent.current !== null && Math.abs(position - lastSent.current) < 0.01) return;
      lastSent.current = position;
      // the page's reader data is kept for the session: coming back offers the new place
      client.setQueryData<{ readingProgress?: number | null }>(storyKeys.community(storyId), (entry) => (entry ? { ...entry, readingProgress: position } : entry));
      saveReadingProgress(storyId, position, { keepalive }).catch((error) => console.warn('Failed to save reading progress', error));
    };
    const onScroll = () => {
      const position = positionIn(text);
      if (lastSent.current !== null && Math.abs(position - lastSent.current) >= 0.01) setMoved(true);
      waiting = Math.round(position * 1000) / 1000;
      clearTimeout(timer);
      timer = setTimeout(() => send(false), PROGRESS_DEBOUNCE_MS);
    };
    const onLeave = () => send(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') send(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onLeave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onLeave);
      document.removeEventListener('visibilitychange', onVisibility);
      send(true); // leaving the story inside the app
    };
  }, [storyId, signedIn, textRef, client]);

  const canContinue =
    signedIn && !moved && typeof saved === 'number' && saved > STARTED && saved < FINISHED && saved > (opened ?? 0) + 0.02;
  const continueReading = useCallback(() => {
    if (textRef.current && typeof saved === 'number') scrollToPosition(textRef.current, saved);
    setMoved(true);
  }, [saved, textRef]);
  return { canContinue, continueReading };
}
