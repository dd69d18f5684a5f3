import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export type Ad = { html?: string; title?: string; body?: string; href?: string; image?: string } | null;

/** GET /api/ads/{slot}?index=N; 204 means nothing to show (null). Failures are only logged. */
export async function getAd(slot: 'banner' | 'feed', index?: number): Promise<Ad> {
  try {
    return await api.get<Ad>(`/api/ads/${slot}`, index !== undefined ? { index } : undefined);
  } catch (error) {
    console.warn(`Advertisement (${slot}) failed to load`, error);
    return null;
  }
}

export const getAdQueryOptions = (slot: 'banner' | 'feed', index?: number) =>
  queryOptions({ queryKey: ['ads', slot, index ?? 0], queryFn: () => getAd(slot, index) });

export const useAd = (slot: 'banner' | 'feed', index?: number) => useQuery(getAdQueryOptions(slot, index));
