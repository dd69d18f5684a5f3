import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './lib/query-client';
import { preloadFirstPage } from './app/preload';

/** Data the server put in the page (core/landing.py): the first paint needs no second request. */
function seedQueryCache() {
  const block = document.getElementById('initial-data');
  if (!block?.textContent) return;
  try {
    const entries = JSON.parse(block.textContent) as { key: unknown[]; data: unknown }[];
    for (const { key, data } of entries) queryClient.setQueryData(key, data);
  } catch {
    // unreadable: the app fetches the data itself
  }
}

seedQueryCache();
preloadFirstPage();

// The first render is a transition: React draws it in short slices, so the page answers input
// while it paints (no single long task for the whole screen).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
