import { Link } from 'react-router-dom';
import { AuthorLink } from '../../../components/author-link';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icons';
import { authorHandle, cardText, formatCount } from '../../../lib/format';
import type { StoryCard } from '../../../types/api';

/** Landing card: genre, title, 150-character excerpt, views, author, Read Story. */
export function FeaturedStoryCard({ story }: { story: StoryCard }) {
  return (
    <article className="card story-card featured">
      <div className="card-top">
        <Badge variant="accent">{story.genre}</Badge>
        <span className="muted small">{story.genre}</span>
      </div>
      <h3 className="card-title">{story.title}</h3>
      <p className="card-text">{cardText(story)}</p>
      <div className="card-meta">
        <span className="meta-item" aria-label={`${story.views ?? 0} views`}>
          <Icon name="eye" size={15} /> {formatCount(story.views ?? 0)}
        </span>
        <span className="muted small"><AuthorLink user={story.user}>{authorHandle(story.user)}</AuthorLink></span>
      </div>
      <Link to={`/story/${story.id}`} className="btn btn-outline btn-sm card-cta">
        Read Story
      </Link>
    </article>
  );
}
