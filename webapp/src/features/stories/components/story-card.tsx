import { ContentCard, type CardOptions } from '../../../components/content/content-card';
import { Badge } from '../../../components/ui/badge';
import { cardText, firstMood } from '../../../lib/format';
import type { Story, StoryCard as StoryCardItem } from '../../../types/api';
import { TagLinks } from '../../../components/content/tag-links';
import { WarningsBadge } from '../../../components/content/warnings-badge';

/** Feed card (dashboard and explore). */
export function StoryCard({ story, ...options }: { story: Story | StoryCardItem } & CardOptions) {
  const mood = firstMood(story.mood);
  // a part of a series the reader may see (the API leaves out a private series' place)
  const part = story.seriesId && story.seriesPart ? story.seriesPart : null;
  return (
    <ContentCard
      type="story"
      item={story}
      genre={story.genre}
      text={cardText(story)}
      textClassName="clamp-3"
      {...options}
      badges={
        <>
          {Boolean(mood || story.intensity || part || story.isPublic === false || story.isMature || story.contentWarnings?.length) && (
            <div className="badge-row">
              {part && <Badge title="A part of a series">Part {part}</Badge>}
              {mood && <Badge variant="outline">{mood}</Badge>}
              {story.intensity ? <Badge variant="outline">Intensity {story.intensity}/10</Badge> : null}
              {story.isPublic === false && <Badge variant="warning">Private</Badge>}
              {story.isMature && <Badge variant="danger">18+</Badge>}
              <WarningsBadge warnings={story.contentWarnings} />
            </div>
          )}
          <TagLinks tags={story.tags} className="card-tags" />
        </>
      }
    />
  );
}
