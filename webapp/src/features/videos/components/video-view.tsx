import { useEffect, useRef } from 'react';
import { AuthorLink } from '../../../components/author-link';
import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icons';
import { ReportButton } from '../../../components/report-button';
import { displayName, firstMood, formatDuration, formatRelative } from '../../../lib/format';
import { getErrorMessage } from '../../../lib/api-client';
import { isSessionError, useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useGenerateVideo } from '../api/video-writes';
import { useVoices, voiceNamed } from '../api/voices';
import { STORYBOARD_EMPTY, ScriptLines, Storyboard } from './storyboard';
import { BackAndViews } from '../../../components/content/back-and-views';
import { EngagementActions } from '../../../components/content/engagement-actions';
import { VideoPlayer } from './video-player';
import { VideoStatusBadge } from './video-status-badge';
import { VoiceSpeaker } from './voice-speaker';
import type { Video } from '../../../types/api';
import { ContentGate } from '../../../components/content/content-gate';
import { TagLinks } from '../../../components/content/tag-links';

/** Toasts once when a followed render finishes. */
export function useRenderOutcomeToast(video: Video | undefined) {
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    const status = video?.status;
    const was = previous.current;
    if (was && was !== 'completed' && status === 'completed') {
      toast({ title: 'Video Ready!', description: 'Your horror video has been generated.', variant: 'success' });
    } else if (was && was !== 'failed' && status === 'failed') {
      toast({ title: 'Generation Failed', description: video?.error || 'The video could not be generated.', variant: 'destructive' });
    }
    previous.current = status;
  }, [video?.status]);
}

export function VideoView({ video }: { video: Video }) {
  const { user, isAuthenticated } = useAuth();
  const generate = useGenerateVideo();
  const isCreator = !!user && String(user.id) === String(video.userId);
  useRenderOutcomeToast(video);

  const start = () => {
    if (!isAuthenticated) {
      toast({ title: 'Authentication Required', description: 'Please log in to generate videos', variant: 'destructive' });
      return;
    }
    if (!isCreator) {
      toast({ title: 'Access Denied', description: 'Only the creator can generate this video', variant: 'destructive' });
      return;
    }
    generate.mutate(video.id, {
      onSuccess: () =>
        toast({ title: 'Video Generation Started', description: 'Your video is being generated. Check back in a few moments.' }),
      onError: (error) => {
        if (isSessionError(error)) return;
        toast({ title: 'Error', description: `Failed to start video generation: ${getErrorMessage(error)}`, variant: 'destructive' });
      },
    });
  };

  const mood = firstMood(video.mood);
  const speaker = voiceNamed(useVoices().data, video.narrationVoice);
  return (
    <article className="video-article">
      <BackAndViews views={video.views} />
      <ContentGate type="video" item={video}>
        <VideoPlayer video={video} isCreator={isCreator} onGenerate={start} generating={generate.isPending} />
      </ContentGate>
      <header className="story-header">
        <h1 className="story-title">{video.title}</h1>
        <div className="author-row">
          <Avatar user={video.user} size={40} />
          <div>
            <p className="author-name"><AuthorLink user={video.user}>{displayName(video.user, 'Anonymous Horror Creator')}</AuthorLink></p>
            {video.storyAuthor && <StoryCredit video={video} />}
            <p className="muted small row-sm wrap">
              {video.genre && <Badge variant="accent">{video.genre}</Badge>}
              <span>{formatRelative(video.createdAt)}</span>
              <span aria-hidden="true">·</span>
              <span className="meta-item">
                <Icon name="clock" size={14} /> {formatDuration(video.duration)}
              </span>
            </p>
          </div>
        </div>
        <div className="badge-row">
          <VideoStatusBadge status={video.status} />
          {video.animationStyle && <Badge variant="outline" title="Animation style">{video.animationStyle}</Badge>}
          {video.narrationVoice && (
            <Badge variant="outline" title={speaker ? `Narration voice, spoken by ${speaker.speaker}` : 'Narration voice'}>
              {video.narrationVoice}
              {speaker && ` · ${speaker.speaker}`}
            </Badge>
          )}
          {video.musicAmbience && <Badge variant="outline" title="Music">{video.musicAmbience}</Badge>}
          {mood && <Badge variant="outline">{mood}</Badge>}
          {video.aspectRatio && <Badge variant="outline">{video.aspectRatio}</Badge>}
          {video.resolution && (
            <Badge variant="outline" title={video.renderHeight ? `Rendered at ${video.renderHeight}p` : undefined}>
              {video.resolution}
            </Badge>
          )}
          {video.isPublic === false && <Badge variant="warning">Private</Badge>}
          {video.isMature && <Badge variant="danger">Mature (18+)</Badge>}
        </div>
        {isCreator && speaker?.fallback && <VoiceSpeaker voice={speaker} />}
        <TagLinks tags={video.tags} />
      </header>
      {video.description && <p className="video-description">{video.description}</p>}
      <div className="story-actions">
        <EngagementActions type="video" item={video} />
        {video.downloadUrl && (
          <a className="btn btn-outline btn-sm" href={video.downloadUrl} download>
            <Icon name="download" size={14} /> Download
          </a>
        )}
        <span className="spacer" />
        {isCreator ? (
          <Link to={`/video-editor/${video.id}`} className="btn btn-outline btn-sm">
            <Icon name="edit" size={14} /> Edit Video
          </Link>
        ) : (
          <ReportButton type="video" id={video.id} />
        )}
        {video.storyId ? (
          <Link to={`/story/${video.storyId}`} className="btn btn-ghost btn-sm">
            <Icon name="book" size={14} /> Read the Story
          </Link>
        ) : null}
      </div>
      <section className="panel stack" aria-labelledby="storyboard-title">
        <h2 id="storyboard-title" className="panel-title">
          Storyboard
        </h2>
        {video.scenes?.length ? <Storyboard scenes={video.scenes} /> : <p className="muted">{STORYBOARD_EMPTY}</p>}
      </section>
      <section className="panel stack video-script" aria-labelledby="script-title">
        <h2 id="script-title" className="panel-title">
          Narration script
        </h2>
        <ScriptLines lines={video.script ?? []} />
        {video.content && (
          <details>
            <summary>{video.storyId ? 'Story text' : 'Source text'}</summary>
            <div className="story-content">{video.content}</div>
          </details>
        )}
      </section>
    </article>
  );
}

/** "Based on “Title” by Author": the story a video was made from, and who wrote it. */
function StoryCredit({ video }: { video: Video }) {
  const author = displayName(video.storyAuthor, 'Anonymous');
  return (
    <p className="muted small story-credit">
      <Icon name="book" size={14} /> Based on{' '}
      {video.storyTitle && video.storyId ? (
        <>
          <Link to={`/story/${video.storyId}`}>“{video.storyTitle}”</Link> by <AuthorLink user={video.storyAuthor}>{author}</AuthorLink>
        </>
      ) : (
        <>a story by {author}</>
      )}
    </p>
  );
}
