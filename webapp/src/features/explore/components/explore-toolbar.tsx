import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { SelectField } from '../../../components/ui/form';
import { Tabs } from '../../../components/ui/tabs';
import { EXPLORE_GENRES, EXPLORE_MOODS, SORTS } from '../../../lib/constants';

export type ExploreTab = 'all' | 'stories' | 'videos' | 'following';
export type ExploreView = 'grid' | 'list';

/** What a control shows and the setter it calls when the user changes it. */
export type Controlled<T> = readonly [value: T, onChange: (value: T) => void];

type Props = {
  search: Controlled<string>;
  tab: Controlled<ExploreTab>;
  view: Controlled<ExploreView>;
  sort: Controlled<string>;
  genre: Controlled<string>;
  mood: Controlled<string>;
  /** Offer the Following tab (signed-in readers). */
  following?: boolean;
};

function Selects({ sort, genre, mood }: Pick<Props, 'sort' | 'genre' | 'mood'>) {
  return (
    <>
      <SelectField label="Sort" value={sort[0]} onChange={sort[1]} options={SORTS} />
      <SelectField label="Genre" value={genre[0]} onChange={genre[1]} options={EXPLORE_GENRES} />
      <SelectField label="Mood" value={mood[0]} onChange={mood[1]} options={EXPLORE_MOODS} />
    </>
  );
}

export function ExploreToolbar(props: Props) {
  const [sheet, setSheet] = useState(false);
  const [search, onSearch] = props.search;
  const [tab, onTab] = props.tab;
  const following = !!props.following;
  const [view, onView] = props.view;
  return (
    <div className="explore-toolbar">
      <div className="search-box grow">
        <Icon name="search" size={18} />
        <label htmlFor="explore-search" className="sr-only">
          Search
        </label>
        <input
          id="explore-search"
          type="search"
          className="input"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Search stories, videos, characters, settings..."
        />
      </div>
      <div className="row between wrap toolbar-row">
        <Tabs
          label="Content type"
          idBase="explore"
          value={tab}
          onChange={(v) => onTab(v as ExploreTab)}
          items={[
            { value: 'all', label: 'All' },
            { value: 'stories', label: 'Stories' },
            { value: 'videos', label: 'Videos' },
            ...(following ? [{ value: 'following', label: 'Following' }] : []),
          ]}
        />
        <div className="row-sm">
          <div className="filters-inline">
            <Selects {...props} />
          </div>
          <button type="button" className="btn btn-outline btn-sm filters-button" onClick={() => setSheet(true)}>
            <Icon name="filter" size={15} /> Filters
          </button>
          <div className="segmented" role="group" aria-label="Layout">
            <button type="button" className={view === 'grid' ? 'active' : ''} aria-pressed={view === 'grid'} aria-label="Grid view" onClick={() => onView('grid')}>
              <Icon name="grid" size={16} />
            </button>
            <button type="button" className={view === 'list' ? 'active' : ''} aria-pressed={view === 'list'} aria-label="List view" onClick={() => onView('list')}>
              <Icon name="list" size={16} />
            </button>
          </div>
        </div>
      </div>
      <Dialog open={sheet} onClose={() => setSheet(false)} title="Filters" variant="sheet-bottom" footer={<button type="button" className="btn btn-primary btn-block" onClick={() => setSheet(false)}>Show results</button>}>
        <div className="stack">
          <Selects {...props} />
        </div>
      </Dialog>
    </div>
  );
}
