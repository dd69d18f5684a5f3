import { CreatorActions } from '../../../components/creator-actions';
import { useDeleteStory } from '../api/delete-story';
import type { Story } from '../../../types/api';

/** Owner-only: Edit, Video, Link, Delete. */
export function StoryCreatorActions({ story, allowVideo = true, onDeleted }: { story: Story; allowVideo?: boolean; onDeleted?: () => void }) {
  const remove = useDeleteStory();
  return (
    <CreatorActions
      type="story"
      links={[
        { label: 'Edit', icon: 'edit', to: `/story/${story.id}/edit` },
        ...(allowVideo ? [{ label: 'Video', icon: 'film', to: `/create-video?from_story=${story.id}` }] : []),
        { label: 'Link', icon: 'link', to: `/link-story/${story.id}` },
      ]}
      pending={remove.isPending}
      onDelete={(handlers) => remove.mutate(story.id, handlers)}
      onDeleted={onDeleted}
    />
  );
}
