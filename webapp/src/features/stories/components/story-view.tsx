import { useRef, type ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { AuthorLink } from '../../../components/author-link';
import { Badge } from '../../../components/ui/badge';
import { Icon } from '../../../components/ui/icons';
import { ReportButton } from '../../../components/report-button';
import { displayName, firstMood, formatRelative, readingTime } from '../../../lib/format';
import { useAuth } from '../../../lib/auth';
import { BackAndViews } from '../../../components/content/back-and-views';
import { EngagementActions } from '../../../components/content/engagement-actions';
import { smartPunctuation } from '../../../lib/typography';
import { useReaderSettings } from '../../../lib/reader-settings';
import type { ReaderMarks, Story } from '../../../types/api';
import { StoryOwnerLinks } from './story-owner-links';
import { writtenWith } from '../utils/writer';
import { AllowVideosSwitch, MakeVideoButton } from './video-consent';
import { ContentGate } from '../../../components/content/content-gate';
import { TagLinks } from '../../../components/content/tag-links';
import { ReaderSettingsPanel } from './reader-settings';
import { useReadingProgress } from '../utils/use-reading-progress';

/** The story page body: header, badges, content and actions; `partOf` draws the story's place in
 * its series above the title and after the text. */
export function StoryView({ story, partOf }: {
  story: Story & ReaderMarks;
  partOf?: (where: 'top' | 'end') => ReactNode;
}) {
  const { user } = useAuth();
  const textRef = useRef<HTMLDivElement>(null);
  const [reader, setReader] = useReaderSettings();
  const { canContinue, continueReading } = useReadingProgress(story.id, story.readingProgress, textRef, !!user);
  const isOwner = !!user && String(user.id) === String(story.userId);
  const mood = firstMood(story.mood);
  return (
    <article className="story-article">
      <BackAndViews views={story.views} />
      <header className="story-header">
        <div className="author-row">
          <Avatar user={story.user} size={44} />
          <div>
            <p className="author-name"><AuthorLink user={story.user}>{displayName(story.user, 'Anonymous Horror Writer')}</AuthorLink></p>
            <p className="muted small row-sm wrap">
              <Badge variant="accent">{story.genre}</Badge>
              <span>{formatRelative(story.createdAt)}</span>
              <span aria-hidden="true">·</span>
              <span className="meta-item">
                <Icon name="clock" size={14} /> {readingTime(story.content)} min read
              </span>
            </p>
          </div>
        </div>
        {partOf?.('top')}
        <h1 className="story-title">{story.title}</h1>
        {story.writer && <p className="muted small writer-note">{writtenWith(story.writer)}</p>}
        <div className="badge-row">
          {story.characters && <Badge variant="outline" title="Characters">Characters: {story.characters}</Badge>}
          {story.setting && <Badge variant="outline" title="Setting">Setting: {story.setting}</Badge>}
          {mood && <Badge variant="outline" title="Mood">Mood: {mood}</Badge>}
          {story.intensity ? <Badge variant="outline" title="Intensity">Intensity: {story.intensity}/10</Badge> : null}
          {story.isPublic === false && <Badge variant="warning">Private</Badge>}
          {story.isMature && <Badge variant="danger">Mature (18+)</Badge>}
        </div>
        <TagLinks tags={story.tags} />
      </header>
      <ContentGate type="story" item={story}>
        <div className="reader-bar">
          <ReaderSettingsPanel settings={reader} onChange={setReader} />
          {canContinue && (
            <button type="button" className="btn btn-outline btn-sm continue-reading" onClick={continueReading}>
              <Icon name="arrow-down" size={16} /> Continue reading ({Math.round((story.readingProgress ?? 0) * 100)}%)
            </button>
          )}
        </div>
        <div
          ref={textRef}
          className="story-content"
          data-size={reader.size}
          data-font={reader.font}
          data-theme={reader.theme}
          data-width={reader.width}
        >
          {smartPunctuation(story.content)}
        </div>
      </ContentGate>
      {partOf?.('end')}
      <div className="story-actions">
        <EngagementActions type="story" item={story} />
        <span className="spacer" />
        {isOwner && (
          <StoryOwnerLinks id={story.id} className="btn btn-outline btn-sm" videoLabel="Make Video" />
        )}
        {!isOwner && user && <MakeVideoButton story={story} />}
        {!isOwner && <ReportButton type="story" id={story.id} />}
      </div>
      {isOwner && (
        <div className="story-consent">
          <AllowVideosSwitch story={story} />
        </div>
      )}
    </article>
  );
}
