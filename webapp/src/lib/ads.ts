import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

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
} | null;

/** GET /api/ads/{slot}?index=N; 204 means nothing to show (null). Failures are only logged. */
export async function getAd(slot: AdSlotName, index?: number): Promise<Ad> {
  try {
    return await api.get<Ad>(`/api/ads/${slot}`, index !== undefined ? { index } : undefined);
  } catch (error) {
    console.warn(`Advertisement (${slot}) failed to load`, error);
    return null;
  }
}

export const getAdQueryOptions = (slot: AdSlotName, index?: number) =>
  queryOptions({ queryKey: ['ads', slot, index ?? 0], queryFn: () => getAd(slot, index) });

export const useAd = (slot: AdSlotName, index?: number) => useQuery(getAdQueryOptions(slot, index));
