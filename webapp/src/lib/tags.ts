import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { components } from '../types/api.gen';

type Schemas = components['schemas'];
export type TagCount = Required<Schemas['TagCount']>;
export type ContentWarning = Required<Schemas['Warning']>;

export const tagKeys = {
  suggestions: (prefix: string) => ['tags', 'suggestions', prefix] as const,
  warnings: ['tags', 'warnings'] as const,
};

/** GET /api/tags?prefix=: existing tags beginning with what is typed, the most used first. */
export const useTagSuggestions = (prefix: string, enabled = true) =>
  useQuery({
    queryKey: tagKeys.suggestions(prefix),
    queryFn: () => api.get<TagCount[]>('/api/tags', { prefix, limit: 8 }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** GET /api/tags/warnings: the fixed list of content warnings (key and label). */
export const useContentWarnings = () =>
  useQuery({
    queryKey: tagKeys.warnings,
    queryFn: () => api.get<ContentWarning[]>('/api/tags/warnings'),
    staleTime: Infinity,
  });

/** The labels of `keys` (the key itself until the list has loaded). */
export function useWarningLabels(keys: readonly string[]): string[] {
  const { data } = useContentWarnings();
  const labels = new Map<string, string>((data ?? []).map((w) => [w.key, w.label]));
  return keys.map((key) => labels.get(key) ?? key);
}
