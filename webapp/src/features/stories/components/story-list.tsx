import { useNavigate } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { OwnedList } from '../../../components/content/owned-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icons';
import { ShareDropdown } from '../../../components/content/share-dropdown';
import { excerpt, formatCount, formatDate } from '../../../lib/format';
import type { Story } from '../../../types/api';
import { StoryOwnerLinks } from './story-owner-links';

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
      row={storyRow}
    />
  );
}

/** A row's parts: details and the owner's actions. */
function storyRow(story: Story) {
  return {
    details: (
      <>
        <p className="muted small clamp-2">{excerpt(story.content)}</p>
        <div className="badge-row">
          <Badge variant="accent">{story.genre}</Badge>
          {story.isPublic === false && <Badge variant="warning">Private</Badge>}
          <span className="muted small">
            <Icon name="eye" size={13} /> {formatCount(story.views)} · <Icon name="heart" size={13} /> {story.likesCount ?? 0} · {formatDate(story.createdAt)}
          </span>
        </div>
      </>
    ),
    actions: (
      <>
        <StoryOwnerLinks id={story.id} className="btn btn-ghost btn-xs" videoLabel="Create Video" />
        <ShareDropdown type="story" id={story.id} title={story.title} buttonLabel="Share" className="btn btn-ghost btn-xs" />
      </>
    ),
  };
}
