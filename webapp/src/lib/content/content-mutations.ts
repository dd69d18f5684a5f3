import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isSessionError } from '../auth';
import { applyOptimisticLike, rollback } from '../like-cache';
import { contentKeys, userKeys, type ActivityKind } from '../query-keys';
import { toast } from '../toast';
import type { ContentType } from '../../types/api';
import { createContent, deleteContent, shareContent, toggleBookmark, toggleLike } from './content-api';

/** After a like, share or comment: the lists, the item's live counts and that activity list. */
export function invalidateEngagement(client: QueryClient, type: ContentType, id: number, kind: ActivityKind) {
  const keys = contentKeys(type);
  client.invalidateQueries({ queryKey: keys.lists() });
  client.invalidateQueries({ queryKey: keys.community(id) });
  client.invalidateQueries({ queryKey: keys.activity(id, kind) });
}

const nounOf = (type: ContentType) => (type === 'story' ? 'Story' : 'Video');

/** Optimistic like / unlike with the SPEC's toasts; rolls back on failure. */
export const useToggleLike = (type: ContentType) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; like: boolean }) => toggleLike(type, input),
    onMutate: ({ id, like }) => applyOptimisticLike(client, type, id, like),
    onError: (error, { like }, snapshot) => {
      rollback(client, snapshot);
      if (isSessionError(error)) return;
      console.warn(`Failed to ${like ? 'like' : 'unlike'} ${type}`, error);
      toast({ title: 'Error', description: 'Failed to update like. Please try again.', variant: 'destructive' });
    },
    onSuccess: (_r, { like }) => {
      toast(like ? { title: `${nounOf(type)} liked`, description: `You liked this ${type}` } : { title: 'Like removed', description: `You unliked this ${type}` });
    },
    onSettled: (_r, _e, { id }) => invalidateEngagement(client, type, id, 'likes'),
  });
};

export const useShareContent = (type: ContentType) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; platform: string; shareType: string }) => shareContent(type, input),
    onSettled: (_r, _e, { id }) => invalidateEngagement(client, type, id, 'shares'),
  });
};

export const useCreateContent = (type: ContentType) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (data: Record<string, unknown>) => createContent(type, data),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: contentKeys(type).lists() });
      client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
};

export const useDeleteOwnContent = (type: ContentType) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteContent(type, id),
    onSuccess: (_d, id) => {
      client.removeQueries({ queryKey: contentKeys(type).detail(id) });
      client.invalidateQueries({ queryKey: contentKeys(type).lists() });
      client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
};

/** Bookmark / remove from the reading list: the page's button turns at once (rolled back on failure). */
export const useToggleBookmark = (type: ContentType) => {
  const client = useQueryClient();
  const key = (id: number) => contentKeys(type).community(id);
  return useMutation({
    mutationFn: (input: { id: number; bookmark: boolean }) => toggleBookmark(type, input),
    onMutate: async ({ id, bookmark }) => {
      await client.cancelQueries({ queryKey: key(id) });
      const before = client.getQueryData(key(id));
      client.setQueryData(key(id), (old: object | undefined) => (old ? { ...old, isBookmarked: bookmark } : old));
      return { before };
    },
    onError: (error, { id, bookmark }, context) => {
      client.setQueryData(key(id), context?.before);
      if (isSessionError(error)) return;
      console.warn(`Failed to ${bookmark ? 'bookmark' : 'unbookmark'} ${type}`, error);
      toast({ title: 'Error', description: 'Failed to update your reading list. Please try again.', variant: 'destructive' });
    },
    onSuccess: (_r, { bookmark }) => {
      toast(bookmark
        ? { title: 'Bookmarked', description: `This ${type} is on your reading list` }
        : { title: 'Bookmark removed', description: `This ${type} left your reading list` });
    },
    onSettled: (_r, _e, { id }) => {
      client.invalidateQueries({ queryKey: key(id) });
      client.invalidateQueries({ queryKey: ['users', 'bookmarks'] });
    },
  });
};
