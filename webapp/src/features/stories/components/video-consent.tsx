import { Link } from 'react-router-dom';
import { SwitchField } from '../../../components/ui/form';
import { Icon } from '../../../components/ui/icons';
import { getErrorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSetAllowVideos } from '../api/set-allow-videos';
import type { Story } from '../../../types/api';

export const NO_VIDEOS = 'The author does not allow videos of this story';

/** A reader's "Make a video" of someone else's story: disabled, saying why, when the author said no. */
export function MakeVideoButton({ story }: { story: Story }) {
  if (story.allowVideos === false) {
    return (
      <span className="row-sm">
        <button type="button" className="btn btn-outline btn-sm" disabled aria-describedby={`no-videos-${story.id}`}>
          <Icon name="film" size={14} /> Make a video
        </button>
        <span id={`no-videos-${story.id}`} className="muted small">
          {NO_VIDEOS}
        </span>
      </span>
    );
  }
  return (
    <Link to={`/create-video?from_story=${story.id}`} className="btn btn-outline btn-sm">
      <Icon name="film" size={14} /> Make a video
    </Link>
  );
}

/** The owner's switch on the story page: others may make videos of it, or not. */
export function AllowVideosSwitch({ story }: { story: Story }) {
  const save = useSetAllowVideos();
  const change = (allowVideos: boolean) =>
    save.mutate({ id: story.id, allowVideos }, { onError: (error) => toast({ title: 'Could not save', description: getErrorMessage(error), variant: 'destructive' }) });
  return <SwitchField label="Others may make videos of this story" checked={story.allowVideos !== false} onChange={change} />;
}
