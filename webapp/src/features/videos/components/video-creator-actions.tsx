import { CreatorActions } from '../../../components/creator-actions';
import { useDeleteVideo } from '../api/delete-video';
import type { Video } from '../../../types/api';

/** Owner-only: Edit, Story, Link, Delete. */
export function VideoCreatorActions({ video, onDeleted }: { video: Video; onDeleted?: () => void }) {
  const remove = useDeleteVideo();
  return (
    <CreatorActions
      type="video"
      links={[
        { label: 'Edit', icon: 'edit', to: `/video-editor/${video.id}` },
        { label: 'Story', icon: 'book', to: `/create-story?from_video=${video.id}` },
        { label: 'Link', icon: 'link', to: `/link-video/${video.id}` },
      ]}
      pending={remove.isPending}
      onDelete={(handlers) => remove.mutate(video.id, handlers)}
      onDeleted={onDeleted}
    />
  );
}
