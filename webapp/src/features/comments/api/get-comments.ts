import { resourceOf } from '../../../lib/resource';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Comment, ContentType } from '../../../types/api';

/** GET /api/{type}s/{id}/comments: flat list, newest first; replies carry parentId. */
export const getComments = (type: ContentType, id: number) => api.get<Comment[]>(`/api/${resourceOf(type)}/${id}/comments`);

export const getCommentsQueryOptions = (type: ContentType, id: number) =>
  queryOptions({ queryKey: [`${resourceOf(type)}`, 'comments', id], queryFn: () => getComments(type, id) });

export const useComments = (type: ContentType, id: number) => useQuery(getCommentsQueryOptions(type, id));
