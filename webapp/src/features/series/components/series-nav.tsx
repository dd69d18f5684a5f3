import { Link } from 'react-router-dom';
import { Icon } from '../../../components/ui/icons';
import { useSeries } from '../api/series';
import type { Story } from '../../../types/api';

/** On a story that is a part of a series: "Part 2 of 5 · The Harrow Tapes" with the previous and
 * next parts the reader may open (and, for the owner on the last part, "Write the next part"); at
 * the top of the story and again at its end. */
export function SeriesNav({ story, where = 'top' }: { story: Pick<Story, 'id' | 'seriesId' | 'seriesPart'>; where?: 'top' | 'end' }) {
  const series = useSeries(story.seriesId);
  if (!story.seriesId) return null;
  // its room is kept while the series loads: the story below does not move
  if (series.isLoading) return <div className={`series-nav series-nav-${where}`} aria-hidden="true" />;
  if (!series.data) return null;
  const parts = series.data.parts;
  const at = parts.findIndex((part) => part.id === story.id);
  if (at < 0) return null;
  const previous = parts[at - 1];
  const next = parts[at + 1];
  return (
    <nav className={`series-nav series-nav-${where}`} aria-label={where === 'top' ? 'Series' : 'Series, after this part'}>
      <p className="series-nav-label">
        <span>
          Part {parts[at].seriesPart} of {series.data.partsCount}
        </span>
        <span aria-hidden="true"> · </span>
        <Link to={`/series/${series.data.id}`}>{series.data.title}</Link>
      </p>
      <div className="series-nav-links">
        {previous ? (
          <Link className="btn btn-outline btn-sm" to={`/story/${previous.id}`} rel="prev" aria-label={`Previous part: ${previous.title}`}>
            <Icon name="arrow-left" size={15} /> Previous
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link className="btn btn-outline btn-sm" to={`/story/${next.id}`} rel="next" aria-label={`Next part: ${next.title}`}>
            Next <Icon name="arrow-right" size={15} />
          </Link>
        ) : series.data.isOwner ? (
          <Link className="btn btn-primary btn-sm" to={`/create?series=${series.data.id}`}>
            <Icon name="sparkles" size={15} /> Write the next part
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
