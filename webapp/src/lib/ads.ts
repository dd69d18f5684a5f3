import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { adKeys } from './query-keys';

export type AdSlotName = 'banner' | 'feed' | 'sidebar';

export type Ad = {
  kind?: 'house' | 'script';
  html?: string;
  title?: string;
  body?: string;
  href?: string;
  image?: string | null;
  cta?: string | null;
  width?: number | null;
  height?: number | null;
  /** how the slot is labelled: 'From Dreadforge' for the site's own content, else 'Advertisement' */
  label?: string | null;
} | null;

/** What the page shows, for ads about it: `story` is the id of the story being read. */
export type AdContext = { story?: number };

/** GET /api/ads/{slot}?index=N&story=ID; 204 means nothing to show (null). Failures are only logged. */
export async function getAd(slot: AdSlotName, index?: number, context: AdContext = {}): Promise<Ad> {
  try {
    return await api.get<Ad>(`/api/ads/${slot}`, { index, story: context.story });
  } catch (error) {
    console.warn(`Advertisement (${slot}) failed to load`, error);
    return null;
  }
}

export const getAdQueryOptions = (slot: AdSlotName, index?: number, context: AdContext = {}) =>
  queryOptions({ queryKey: adKeys.slot(slot, index ?? 0, context), queryFn: () => getAd(slot, index, context) });

export const useAd = (slot: AdSlotName, index?: number, context?: AdContext) => useQuery(getAdQueryOptions(slot, index, context));
