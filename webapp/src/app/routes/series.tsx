import { useParams } from 'react-router-dom';
import { Avatar } from '../../components/ui/avatar';
import { AuthorLink } from '../../components/author-link';
import { Badge } from '../../components/ui/badge';
import { EmptyState } from '../../components/ui/empty-state';
import { CardSkeleton } from '../../components/ui/skeleton';
import { displayName, plural } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSeries } from '../../features/series/api/series';
import { SeriesParts } from '../../features/series/components/series-parts';
import { SeriesOwnerTools } from '../../features/series/components/series-owner-tools';

/** /series/{id}: a series' title, description, author and parts in order; the owner's tools. */
export default function SeriesRoute() {
  const id = Number(useParams().id);
  const series = useSeries(id);
  useDocumentTitle(series.data?.title ?? 'Series');
  if (series.isLoading)
    return (
      <div className="container page">
        <CardSkeleton />
      </div>
    );
  if (!series.data)
    return (
      <div className="container page">
        <EmptyState title="Series not found" hint="This series does not exist, or it is private." icon="book" />
      </div>
    );
  const s = series.data;
  return (
    <div className="container page stack">
      <header className="panel series-header">
        <p className="muted small">Series · {plural(s.partsCount, 'part')}</p>
        <h1 className="story-title">{s.title}</h1>
        {s.description && <p className="series-description">{s.description}</p>}
        <div className="author-row">
          <Avatar user={s.user} size={36} />
          <p className="author-name">
            <AuthorLink user={s.user}>{displayName(s.user, 'Anonymous Horror Writer')}</AuthorLink>
          </p>
          {!s.isPublic && <Badge variant="warning">Private</Badge>}
        </div>
      </header>
      {s.isOwner && <SeriesOwnerTools series={s} />}
      <section className="panel" aria-label="Parts in order">
        <h2 className="panel-title">Parts</h2>
        <SeriesParts series={s} />
      </section>
    </div>
  );
}
