import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Icon } from '../../../components/ui/icons';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { CardSkeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/form';
import { getErrorMessage } from '../../../lib/api-client';
import { plural } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCreateSeries, useUserSeries } from '../api/series';

/** The author page's Series tab: their series (with how many parts); on one's own page, "New series". */
export function AuthorSeries({ userId, isOwn }: { userId: number; isOwn: boolean }) {
  const list = useUserSeries(userId);
  const navigate = useNavigate();
  const create = useCreateSeries();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const start = () =>
    create.mutate(
      { title: title.trim(), description: description.trim() },
      {
        onSuccess: (series) => navigate(`/series/${series.id}`),
        onError: (error) => toast({ title: 'Could not create the series', description: getErrorMessage(error), variant: 'destructive' }),
      },
    );
  return (
    <div className="span-all stack">
      {isOwn && (
        <form
          className="stack-sm"
          aria-label="New series"
          onSubmit={(event) => {
            event.preventDefault();
            start();
          }}
        >
          <TextField label="New series" value={title} onChange={setTitle} placeholder="The Harrow Tapes" maxLength={200} />
          <TextField label="Description" value={description} onChange={setDescription} multiline rows={2} maxLength={2000} />
          <div className="row-sm">
            <button type="submit" className="btn btn-primary btn-sm" disabled={!title.trim() || create.isPending}>
              <Icon name="plus" size={15} /> {create.isPending ? 'Creating...' : 'Create series'}
            </button>
          </div>
        </form>
      )}
      {list.isLoading ? (
        <CardSkeleton />
      ) : !list.data?.length ? (
        <EmptyState title="No series yet" icon="book" />
      ) : (
        <ul className="series-card-list" aria-label="Series">
          {list.data.map((series) => (
            <li key={series.id} className="panel">
              <Link to={`/series/${series.id}`} className="series-part-title">
                {series.title}
              </Link>{' '}
              {!series.isPublic && <Badge variant="warning">Private</Badge>}
              <p className="muted small">{plural(series.partsCount, 'part')}</p>
              {series.description && <p className="muted small">{series.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
