import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a list's `total` items to draw: `first` at once, then `step` more after each painted
 * frame until all are. Each step is a small commit (a few cards and their layout), so drawing a
 * whole feed never holds the page in one long task; the count never goes down, so loading more
 * never shrinks what is shown.
 */
export function useDrawnCount(total: number, first: number, step: number) {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      // after the frame is painted, in a task of its own
      timer = window.setTimeout(() => startTransition(() => setCount((drawn) => drawn + step)));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [count, total, step]);
  return count;
}
