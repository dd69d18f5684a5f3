import { useMemo, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { excerpt } from '../../../lib/format';
import { useUserContent } from '../../../lib/content/content-queries';

/** Picks one of the user's stories; search matches title or genre, case-insensitive. */
export function StoryPicker({ userId, onSelect, onBack }: { userId: string | number; onSelect: (id: number) => void; onBack: () => void }) {
  const stories = useUserContent('story', userId);
  const [search, setSearch] = useState('');
  const filtered = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = stories.data ?? [];
    if (!q) return list;
    return list.filter((s) => s.title?.toLowerCase().includes(q) || s.genre?.toLowerCase().includes(q));
  }, [stories.data, search]);
  return (
    <section className="panel story-picker" aria-labelledby="picker-title">
      <div className="row between wrap">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onBack}>
          <Icon name="back" size={16} /> Back
        </button>
        <h2 id="picker-title" className="panel-title">Choose a Story</h2>
      </div>
      <div className="search-box">
        <Icon name="search" size={16} />
        <label htmlFor="picker-search" className="sr-only">Search your stories</label>
        <input id="picker-search" className="input" placeholder="Search by title or genre..." value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {stories.isLoading ? (
        <div className="stack">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="skeleton-row" />
          ))}
        </div>
      ) : stories.isError ? (
        <p className="muted">Failed to fetch user stories</p>
      ) : !filtered.length ? (
        <EmptyState title={search ? 'No matching stories' : 'No stories yet'} hint={search ? 'Try another title or genre.' : 'Create a story first, or make a video directly.'} icon="book" />
      ) : (
        <ul className="picker-list">
          {filtered.map((story) => (
            <li key={story.id}>
              <button type="button" className="picker-item" onClick={() => onSelect(story.id)}>
                <span className="row between">
                  <strong>{story.title}</strong>
                  <Badge variant="accent">{story.genre}</Badge>
                </span>
                <span className="muted small">{excerpt(story.content)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
