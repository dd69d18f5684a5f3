import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a list's `total` items to draw: `first` at once, then `step` more after each painted
 * frame until all are. Each step is a small commit (a few cards and their layout), so drawing a
 * whole feed never holds the page in one long task; the count never goes down while the list is
 * the same one (`list`: e.g. its filters), so loading more never shrinks what is shown; another
 * list starts again from `first`. `all`: draw everything at once (Back to a list scrolled far down:
 * the place can only be restored on a page that is tall enough). Returns the count and `finish`,
 * which draws the rest at once (the reader reached the end of what is drawn).
 */
export function useDrawnCount(total: number, first: number, step: number, list: string = '', all = false): [number, () => void] {
  const [count, setCount] = useState(first);
  const [drawing, setDrawing] = useState(list);
  if (drawing !== list) {
    // another list (a filter changed): drawn a few at a time again, not all in one commit
    setDrawing(list);
    setCount(first);
  }
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
  const finish = () => setCount((drawn) => Math.max(drawn, total));
  return [all ? Math.max(count, total) : count, finish];
}
