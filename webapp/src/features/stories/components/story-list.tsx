import { Link, useNavigate } from 'react-router-dom';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { DeleteContentDialog } from '../../content/components/delete-content-dialog';
import { OwnedList } from '../../content/components/owned-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icons';
import { ShareDropdown } from '../../content/components/share-dropdown';
import { excerpt, formatCount, formatDate } from '../../../lib/format';
import type { Story } from '../../../types/api';

/** Profile: My Stories. */
export function MyStoriesList({ userId }: { userId: string | number }) {
  const navigate = useNavigate();
  return (
    <OwnedList
      type="story"
      userId={userId}
      empty={
        <EmptyState
          title="No stories yet"
          hint="Your first nightmare is one click away."
          icon="book"
          action={
            <button type="button" className="btn btn-primary" onClick={() => navigate('/create')}>
              Create Your First Story
            </button>
          }
        />
      }
      renderItem={(story) => <MyStoryRow key={story.id} story={story} />}
    />
  );
}

function MyStoryRow({ story }: { story: Story }) {
  const [confirm, setConfirm] = useState(false);
  return (
    <li className="item-row">
      <div className="item-main">
        <Link to={`/story/${story.id}`} className="item-title">
          {story.title}
        </Link>
        <p className="muted small clamp-2">{excerpt(story.content)}</p>
        <div className="badge-row">
          <Badge variant="accent">{story.genre}</Badge>
          {story.isPublic === false && <Badge variant="warning">Private</Badge>}
          <span className="muted small">
            <Icon name="eye" size={13} /> {formatCount(story.views)} · <Icon name="heart" size={13} /> {story.likesCount ?? 0} · {formatDate(story.createdAt)}
          </span>
        </div>
      </div>
      <div className="item-actions">
        <Link to={`/story/${story.id}/edit`} className="btn btn-ghost btn-xs">
          <Icon name="edit" size={14} /> Edit
        </Link>
        <Link to={`/create-video?from_story=${story.id}`} className="btn btn-ghost btn-xs">
          <Icon name="film" size={14} /> Create Video
        </Link>
        <ShareDropdown type="story" id={story.id} title={story.title} buttonLabel="Share" className="btn btn-ghost btn-xs" />
        <button type="button" className="btn btn-ghost btn-xs danger-text" onClick={() => setConfirm(true)}>
          <Icon name="trash" size={14} /> Delete
        </button>
      </div>
      <DeleteContentDialog type="story" id={story.id} open={confirm} onClose={() => setConfirm(false)} />
    </li>
  );
}
