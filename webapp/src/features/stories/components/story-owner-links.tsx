import { Link } from 'react-router-dom';
import { Icon } from '../../../components/ui/icons';

/** The owner's links of a story: Edit, and make a video from it (`videoLabel`). */
export function StoryOwnerLinks({ id, className, videoLabel }: { id: number; className: string; videoLabel: string }) {
  return (
    <>
      <Link to={`/story/${id}/edit`} className={className}>
        <Icon name="edit" size={14} /> Edit
      </Link>
      <Link to={`/create-video?from_story=${id}`} className={className}>
        <Icon name="film" size={14} /> {videoLabel}
      </Link>
    </>
  );
}
