import { Link } from 'react-router-dom';
import { useContentWarnings } from '../../../lib/tags';

type State = [string, (value: string) => void];

/** Explore's tag filter (set from a tag link, shown as a chip) and the content warnings to hide. */
export function ExploreLabels({ tag: [tag, setTag], hidden: [hidden, setHidden] }: { tag: State; hidden: State }) {
  const { data: warnings = [] } = useContentWarnings();
  const chosen = hidden ? hidden.split(',') : [];
  const toggle = (key: string) => setHidden((chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key]).join(','));
  return (
    <div className="row-sm wrap warning-filter">
      {tag && (
        <span className="tag-chip" aria-label={`Tag filter: ${tag}`}>
          <Link to={`/tags/${encodeURIComponent(tag)}`} className="tag-link">
            #{tag}
          </Link>
          <button type="button" className="tag-chip-remove" aria-label="Clear the tag filter" onClick={() => setTag('')}>
            ×
          </button>
        </span>
      )}
      <details className="warning-filter-menu">
        <summary className="btn btn-ghost btn-sm">Hide warnings{chosen.length ? ` (${chosen.length})` : ''}</summary>
        <div className="warning-options">
          {warnings.map((w) => (
            <label key={w.key} className="checkbox-label">
              <input type="checkbox" checked={chosen.includes(w.key)} onChange={() => toggle(w.key)} /> {w.label}
            </label>
          ))}
        </div>
      </details>
    </div>
  );
}
