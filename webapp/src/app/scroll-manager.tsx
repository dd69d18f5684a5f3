import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const storageKey = (key: string) => `dreadforge:scroll:${key}`;

/** Whether the page of history entry `key` has a position to return to (Back to a scrolled list). */
export function hasSavedPosition(key: string) {
  return Number(sessionStorage.getItem(storageKey(key))) > 0;
}

/** Scrolls to y once the page is tall enough (its content may still be rendering), for up to 3 s. */
function restore(y: number) {
  const started = performance.now();
  let frame = 0;
  const attempt = () => {
    const tallEnough = document.documentElement.scrollHeight - window.innerHeight >= y;
    if (tallEnough || performance.now() - started > 3000) {
      window.scrollTo(0, y);
      return;
    }
    frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/**
 * A new page starts at the top; Back and Forward return to where the reader was (the position is
 * kept per history entry in sessionStorage). Changing only the query string never scrolls.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const lastPath = useRef<string | null>(null);
  // A restore in progress survives query-string changes (the explore page loading its next page).
  const restoring = useRef<(() => void) | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    const samePage = lastPath.current === location.pathname;
    lastPath.current = location.pathname;
    if (navigationType === 'POP') {
      restoring.current?.();
      const saved = Number(sessionStorage.getItem(storageKey(location.key)));
      restoring.current = saved > 0 ? restore(saved) : null;
    } else if (!samePage) {
      restoring.current?.();
      restoring.current = null;
      window.scrollTo(0, 0);
    }
    // Saved on every scroll event (cheap), and only while the address is still this entry's: once
    // the next page starts rendering, the page shrinks and the browser clamps the position.
    const here = `${location.pathname}${location.search}`;
    const save = () => {
      if (`${window.location.pathname}${window.location.search}` !== here) return;
      sessionStorage.setItem(storageKey(location.key), String(Math.round(window.scrollY)));
    };
    if (navigationType !== 'POP') save(); // a replaced entry (same page, new query) starts where the reader is
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [location.key, location.pathname, location.search, navigationType]);
  return null;
}
