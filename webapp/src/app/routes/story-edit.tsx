import { OwnContentRoute } from '../../components/content/content-routes';
import { StoryEditor } from '../../features/stories/components/story-editor';

/** /story/{id}/edit and /story-editor/{id}. */
export default function StoryEditRoute() {
  return (
    <OwnContentRoute type="story" title="Edit Story">
      {(story) => <StoryEditor story={story} />}
    </OwnContentRoute>
  );
}
