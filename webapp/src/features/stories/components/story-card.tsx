import { ContentCard } from '../../../components/content-card';
import { Badge } from '../../../components/ui/badge';
import { excerpt, firstMood } from '../../../lib/format';
import { useAuth } from '../../../lib/auth';
import { useShareContent } from '../../content/api/content-mutations';
import { LikeButton } from '../../content/components/like-button';
import { CreatorActions } from '../../content/components/creator-actions';
import type { Story } from '../../../types/api';

/** Feed card (dashboard and explore). */
export function StoryCard({
  story,
  layout = 'grid',
  showReviewButton = false,
  showCreatorActions = false,
}: {
  story: Story;
  layout?: 'grid' | 'list';
  showReviewButton?: boolean;
  showCreatorActions?: boolean;
}) {
  const { user } = useAuth();
  const share = useShareContent('story');
  const isOwner = !!user && String(user.id) === String(story.userId);
  const mood = firstMood(story.mood);
  return (
    <ContentCard
      type="story"
      item={story}
      genre={story.genre}
      text={excerpt(story.content)}
      textClassName="clamp-3"
      layout={layout}
      badges={
        (mood || story.intensity) && (
          <div className="badge-row">
            {mood && <Badge variant="outline">{mood}</Badge>}
            {story.intensity ? <Badge variant="outline">Intensity {story.intensity}/10</Badge> : null}
            {story.isPublic === false && <Badge variant="warning">Private</Badge>}
          </div>
        )
      }
      likeButton={<LikeButton type="story" item={story} />}
      onShare={({ platform, shareType }) => share.mutateAsync({ id: story.id, platform, shareType })}
      showReviewButton={showReviewButton}
      creatorActions={showCreatorActions && isOwner && <CreatorActions type="story" id={story.id} />}
    />
  );
}
