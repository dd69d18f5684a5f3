/** The states shared by the story and video pages and their editors: bad id, loading, not found, failed. */
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { StatusPage, goHome } from '../status-page';
import { Spinner } from '../ui/spinner';
import { getErrorStatus } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { ContentType } from '../../types/api';
import { useContent, useContentCommunity } from '../../lib/content/content-queries';
import type { ContentOf } from '../../lib/content/content-api';

const NOUN: Record<ContentType, string> = { story: 'Story', video: 'Video' };

/** A 404 or 403 means "not found" (a private item is not shown); anything else is a failure. */
const isMissing = (error: unknown) => {
  const status = getErrorStatus(error);
  return status === 404 || status === 403;
};

/** The item named by the route's :id, and whether that id is a number at all. */
function useRouteItem<T extends ContentType>(type: T) {
  const { id } = useParams();
  const valid = /^\d+$/.test(id ?? '');
  const itemId = Number(id);
  return { itemId, valid, query: useContent(type, itemId, valid) };
}

/**
 * /story/{id} and /video/{id}: the item with its live counts (a video's render progress),
 * or Not Found (Go Back), or a failure (Retry); `skeleton` while loading.
 */
export function ContentPage<T extends ContentType>({ type, skeleton, children }: { type: T; skeleton: ReactNode; children: (item: ContentOf<T>) => ReactNode }) {
  const navigate = useNavigate();
  const { itemId, valid, query } = useRouteItem(type);
  const live = useContentCommunity(type, itemId, { enabled: valid && query.isSuccess });
  const Noun = NOUN[type];
  useDocumentTitle(query.isError || !valid ? `${Noun} Not Found` : query.data?.title);
  if (!valid || (query.isError && isMissing(query.error))) {
    return (
      <StatusPage
        title={`${Noun} Not Found`}
        message={`The ${type} you're looking for doesn't exist or has been removed.`}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => navigate(-1)}>
            Go Back
          </button>
        }
      />
    );
  }
  if (query.isError) {
    const retry = (
      <button type="button" className="btn btn-primary" onClick={() => query.refetch()}>
        Retry
      </button>
    );
    return <StatusPage title={`Failed to fetch ${type}`} message="Please try again in a moment." actions={retry} />;
  }
  if (query.isLoading || !query.data) return <>{skeleton}</>;
  return <>{children({ ...query.data, ...(live.data ?? {}) } as ContentOf<T>)}</>;
}

/** What an editor route says when the item is not there. */
const EDITOR_TEXTS: Record<ContentType, { invalid?: { title: string; message: string }; notFound: { title: string; message: string }; denied: string }> = {
  story: { notFound: { title: 'Story Not Found', message: "The story you're looking for doesn't exist." }, denied: 'You can only edit your own stories.' },
  video: {
    invalid: { title: 'Invalid video ID', message: 'The address does not point to a video.' },
    notFound: { title: 'Video not found', message: "The video you're looking for doesn't exist or has been removed." },
    denied: 'You can only edit your own videos.',
  },
};

/** /story/{id}/edit and /video-editor/{id}: the owner's item, or why not. */
export function OwnContentRoute<T extends ContentType>({ type, title, children }: { type: T; title: string; children: (item: ContentOf<T>) => ReactNode }) {
  useDocumentTitle(title);
  const { user } = useAuth();
  const { valid, query } = useRouteItem(type);
  const texts = EDITOR_TEXTS[type];
  if (!valid && texts.invalid) return <StatusPage {...texts.invalid} actions={goHome} />;
  if (valid && query.isLoading) {
    return (
      <div className="page-loading">
        <Spinner size="lg" label={`Loading ${type}`} />
      </div>
    );
  }
  if (!valid || query.isError || !query.data) {
    if (query.isError && !isMissing(query.error) && getErrorStatus(query.error)) {
      return <StatusPage title={`Failed to fetch ${type}`} message="Please try again in a moment." actions={goHome} />;
    }
    return <StatusPage {...texts.notFound} actions={goHome} />;
  }
  if (!user || String(user.id) !== String(query.data.userId)) {
    return <StatusPage title="Access Denied" icon="shield" message={texts.denied} actions={goHome} />;
  }
  return <>{children(query.data)}</>;
}
