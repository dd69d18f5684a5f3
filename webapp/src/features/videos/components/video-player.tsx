import { Icon } from '../../../components/ui/icons';
import { ProgressBar } from '../../../components/ui/progress';
import { Spinner } from '../../../components/ui/spinner';
import type { Video } from '../../../types/api';

/** HTML5 player for a rendered video, or the placeholder for every other state. */
export function VideoPlayer({
  video,
  isCreator,
  onGenerate,
  generating,
}: {
  video: Video;
  isCreator: boolean;
  onGenerate: () => void;
  generating: boolean;
}) {
  if (video.status === 'completed' && video.videoUrl) {
    return (
      <div className="player">
        {/* Subtitles are burnt into the picture when enabled; the WebVTT track is there for
            screen readers and the browser's captions menu, so it is not on by default. */}
        <video controls preload="metadata" poster={video.posterUrl ?? undefined} src={video.videoUrl} aria-label={`Video: ${video.title}`}>
          {video.subtitlesUrl && <track kind="subtitles" src={video.subtitlesUrl} srcLang="en" label="English" />}
          Your browser cannot play this video.
        </video>
      </div>
    );
  }
  const poster = video.posterUrl ? <img className="player-poster" src={video.posterUrl} alt="" aria-hidden="true" /> : null;
  if (video.status === 'processing') {
    return (
      <div className="player placeholder" aria-busy="true">
        {poster}
        <div className="player-overlay">
          <Spinner size="lg" label="Generating video" />
          <p className="player-title">Generation in progress (5-15 minutes)</p>
          <div className="player-progress">
            <ProgressBar value={video.progress ?? 0} message={video.progressMessage} label="Video generation progress" />
          </div>
        </div>
      </div>
    );
  }
  if (isCreator && (video.status === 'pending' || video.status === 'failed')) {
    return (
      <div className="player placeholder">
        {poster}
        <div className="player-overlay">
          <Icon name="film" size={48} />
          <p className="player-title">{video.status === 'failed' ? 'Generation failed' : 'Ready to generate your video'}</p>
          {video.status === 'failed' && video.error && <p className="muted small">{video.error}</p>}
          <p className="muted small">Rendering takes about 5-15 minutes. You can leave this page and come back.</p>
          <button type="button" className="btn btn-primary" onClick={onGenerate} disabled={generating}>
            <Icon name="play" size={16} /> {generating ? 'Starting...' : video.status === 'failed' ? 'Try Again' : 'Generate Video'}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="player placeholder">
      {poster}
      <div className="player-overlay">
        <Icon name="clock" size={44} />
        <p className="player-title">Video Not Ready</p>
        <p className="muted small">Status: {video.status}</p>
      </div>
    </div>
  );
}
