import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPage } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';
import type { Bookmark } from '../../../types/api';

export const READING_LIST_PAGE_SIZE = 20;

/** GET /api/users/me/bookmarks?page=&limit=: your reading list, newest bookmark first. */
export const useReadingList = (page: number) =>
  useQuery({
    queryKey: userKeys.bookmarks({ page }),
    queryFn: ({ signal }) => getPage<Bookmark>('/api/users/me/bookmarks', { page, limit: READING_LIST_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
