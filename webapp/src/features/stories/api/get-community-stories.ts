import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storyKeys } from '../../../lib/query-keys';
import { communityPath, type CommunityParams } from '../../../lib/content/content-api';
import type { StoryCard } from '../../../types/api';

/** GET /api/stories/community/{genre}/{mood}/{sort}?q=&limit=: one list (the home feed). */
export const getCommunityStories = (params: CommunityParams) =>
  api.get<StoryCard[]>(communityPath('story', params), { q: params.q, limit: params.limit });

export const getCommunityStoriesQueryOptions = (params: CommunityParams) =>
  queryOptions({ queryKey: storyKeys.list(params), queryFn: () => getCommunityStories(params) });

export const useCommunityStories = (params: CommunityParams, enabled = true) =>
  useQuery({ ...getCommunityStoriesQueryOptions(params), enabled });
