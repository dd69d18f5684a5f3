import { useEffect } from 'react';

const BASE = 'Dreadforge';

/** Sets the tab title to "{title} · Dreadforge" while the page is shown. */
export function useDocumentTitle(title?: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ${BASE}` : `${BASE} — Craft Your Nightmare`;
  }, [title]);
}
