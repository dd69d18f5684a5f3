import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { SelectField } from '../../../components/ui/form';
import { Tabs } from '../../../components/ui/tabs';
import { EXPLORE_GENRES, EXPLORE_MOODS, SORTS } from '../../../lib/constants';

export type ExploreTab = 'all' | 'stories' | 'videos';
export type ExploreView = 'grid' | 'list';

type Props = {
  search: string;
  onSearch: (v: string) => void;
  tab: ExploreTab;
  onTab: (v: ExploreTab) => void;
  view: ExploreView;
  onView: (v: ExploreView) => void;
  sort: string;
  onSort: (v: string) => void;
  genre: string;
  onGenre: (v: string) => void;
  mood: string;
  onMood: (v: string) => void;
};

function Selects({ sort, onSort, genre, onGenre, mood, onMood }: Pick<Props, 'sort' | 'onSort' | 'genre' | 'onGenre' | 'mood' | 'onMood'>) {
  return (
    <>
      <SelectField label="Sort" value={sort} onChange={onSort} options={SORTS} />
      <SelectField label="Genre" value={genre} onChange={onGenre} options={EXPLORE_GENRES} />
      <SelectField label="Mood" value={mood} onChange={onMood} options={EXPLORE_MOODS} />
    </>
  );
}

export function ExploreToolbar(props: Props) {
  const [sheet, setSheet] = useState(false);
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
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
          placeholder="Search stories, videos, characters, settings..."
        />
      </div>
      <div className="row between wrap toolbar-row">
        <Tabs
          label="Content type"
          idBase="explore"
          value={props.tab}
          onChange={(v) => props.onTab(v as ExploreTab)}
          items={[
            { value: 'all', label: 'All' },
            { value: 'stories', label: 'Stories' },
            { value: 'videos', label: 'Videos' },
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
            <button type="button" className={props.view === 'grid' ? 'active' : ''} aria-pressed={props.view === 'grid'} aria-label="Grid view" onClick={() => props.onView('grid')}>
              <Icon name="grid" size={16} />
            </button>
            <button type="button" className={props.view === 'list' ? 'active' : ''} aria-pressed={props.view === 'list'} aria-label="List view" onClick={() => props.onView('list')}>
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
