import { useState } from 'react';
import { useActivity, type ActivityKind } from '../lib/activity';
import { displayName, formatRelative } from '../lib/format';
import type { ContentType } from '../types/api';
import { Dialog } from './ui/dialog';
import { Tabs } from './ui/tabs';
import { Avatar } from './ui/avatar';
import { AvatarRowsSkeleton } from './ui/skeleton';

const EMPTY: Record<ActivityKind, string> = {
  likes: 'No likes yet',
  shares: 'No shares yet',
  comments: 'No comments yet',
};

/**
 * Review Activity: likes, shares and comments; data loads only while open. The comments of a
 * mature item the reader may not see (`commentsHidden`) are not asked for: they say why.
 */
export function ActivityDialog({
  open,
  onClose,
  type,
  id,
  title,
  counts,
  commentsHidden = false,
}: {
  open: boolean;
  onClose: () => void;
  type: ContentType;
  id: number;
  title: string;
  counts: { likes?: number; shares?: number; comments?: number };
  commentsHidden?: boolean;
}) {
  const [tab, setTab] = useState<ActivityKind>('likes');
  const likes = useActivity(type, id, 'likes', open);
  const shares = useActivity(type, id, 'shares', open);
  const comments = useActivity(type, id, 'comments', open && !commentsHidden);
  const queries = { likes, shares, comments };
  const count = (kind: ActivityKind) => queries[kind].data?.length ?? counts[kind] ?? 0;
  const current = queries[tab];
  const idBase = `activity-${type}-${id}`;
  // Each opening starts on the default Likes tab (SPEC §4).
  const close = () => {
    onClose();
    setTab('likes');
  };
  return (
    <Dialog open={open} onClose={close} title="Review Activity" description={title} size="md">
      <Tabs
        label="Activity"
        idBase={idBase}
        value={tab}
        onChange={(v) => setTab(v as ActivityKind)}
        items={[
          { value: 'likes', label: `Likes (${count('likes')})` },
          { value: 'shares', label: `Shares (${count('shares')})` },
          { value: 'comments', label: `Comments (${count('comments')})` },
        ]}
      />
      <div role="tabpanel" id={`${idBase}-panel-${tab}`} aria-labelledby={`${idBase}-tab-${tab}`} className="activity-scroll" tabIndex={0}>
        {tab === 'comments' && commentsHidden ? (
          <p className="muted center activity-empty">Mature (18+): its comments are for signed-in readers who turned on mature content.</p>
        ) : current.isLoading ? (
          <AvatarRowsSkeleton rowClassName="activity-row" lines={['skeleton-line', 'skeleton-line short']} />
        ) : current.isError ? (
          <p className="muted center">Could not load activity.</p>
        ) : !current.data?.length ? (
          <p className="muted center activity-empty">{EMPTY[tab]}</p>
        ) : (
          current.data.map((entry) => (
            <div key={entry.id} className="activity-row">
              <Avatar user={entry.user} size={36} />
              <div className="activity-text">
                <p className="activity-name">{displayName(entry.user)}</p>
                {tab === 'comments' && entry.content && <p className="activity-content">{entry.content}</p>}
                {tab === 'shares' && entry.platform && <p className="activity-content">via {entry.platform}</p>}
                <p className="muted small">{formatRelative(entry.createdAt)}</p>
              </div>
            </div>
          ))
        )}
      </div>
    </Dialog>
  );
}
