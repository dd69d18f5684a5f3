import { OwnContentRoute } from '../../components/content/content-routes';
import { VideoEditor } from '../../features/videos/components/video-editor';

/** /video-editor/{id}. */
export default function VideoEditorRoute() {
  return (
    <OwnContentRoute type="video" title="Video Editor">
      {(video) => <VideoEditor key={video.id} video={video} />}
    </OwnContentRoute>
  );
}
