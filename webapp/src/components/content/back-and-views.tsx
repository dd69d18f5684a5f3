import { useNavigate } from 'react-router-dom';
import { Icon } from '../ui/icons';
import { formatCount } from '../../lib/format';

/** The top row of the story and video pages: Back (to Explore when there is no history) and the view count. */
export function BackAndViews({ views = 0 }: { views?: number }) {
  const navigate = useNavigate();
  return (
    <div className="row between wrap">
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/explore'))}>
        <Icon name="back" size={16} /> Back
      </button>
      <span className="meta-item" aria-label={`${views} views`}>
        <Icon name="eye" size={16} /> {formatCount(views)} {views === 1 ? 'view' : 'views'}
      </span>
    </div>
  );
}
