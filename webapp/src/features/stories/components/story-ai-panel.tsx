import { ProgressBar } from '../../../components/ui/progress';
import { Icon } from '../../../components/ui/icons';
import { stoppedByUser, useJobRunner } from '../../../lib/jobs';
import { handledUnauthorized } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import {
  startStoryContinue,
  startStoryEnhance,
  startStorySuggestions,
  suggestionsText,
  type ContinueResult,
  type EnhanceResult,
  type EnhanceType,
  type SuggestionsResult,
} from '../api/story-ai';
import { shortenText } from '../utils/shorten';
import { ParagraphRewrite } from './paragraph-rewrite';

const REVISED: Record<EnhanceType, string> = {
  expand: 'Story Expanded',
  shorten: 'Story Shortened',
  enhance: 'Story Enhanced',
  continue: 'Story Continued',
};

/**
 * AI suggestions (appended after a blank line), expand/enhance jobs of the story provider and a
 * local Shorten (80 % of the characters, cut at a sentence end); with `withContinue` (the editor)
 * the co-writing: Continue (the writer writes on from the end, from the story's plan) and Rewrite
 * a paragraph. Every change of the text can be undone from its toast.
 */
export function StoryAiPanel({
  content,
  onContent,
  storyId,
  withContinue = false,
  caret,
}: {
  content: string;
  onContent: (next: string) => void;
  storyId?: number;
  withContinue?: boolean;
  /** where the editor's caret is: Rewrite offers the paragraph it is in */
  caret?: number;
}) {
  const job = useJobRunner();
  const disabled = job.running || !content.trim();

  /** Replace the text and offer to put the previous one back. */
  const revise = (before: string, next: string, title: string, description?: string) => {
    onContent(next);
    toast({ title, description, action: { label: 'Undo', onClick: () => onContent(before) } });
  };

  const suggest = async () => {
    try {
      const result = await job.run<SuggestionsResult>(() => startStorySuggestions(content));
      const text = suggestionsText(result);
      if (text) revise(content, `${content}\n\n${text}`, 'AI Suggestions Added', 'Suggestions were appended to your story.');
      else toast({ title: 'AI Suggestions', description: 'No suggestions this time.' });
    } catch (error) {
      if (stoppedByUser(error) || handledUnauthorized(error)) return;
      toast({ title: 'AI Suggestions Failed', description: 'Could not get AI suggestions at the moment.', variant: 'destructive' });
    }
  };

  const enhance = async (type: EnhanceType) => {
    if (type === 'shorten') {
      revise(content, shortenText(content), REVISED.shorten);
      return;
    }
    try {
      const result = await job.run<EnhanceResult>(() => startStoryEnhance({ id: storyId, type, content }));
      if (result?.content) revise(content, result.content, REVISED[type]);
      else toast({ title: REVISED[type] });
    } catch (error) {
      if (stoppedByUser(error) || handledUnauthorized(error)) return;
      toast({ title: 'Enhancement Failed', description: 'Failed to enhance story. Please try again.', variant: 'destructive' });
    }
  };

  /** Continue: the writer writes on from the end; the new text is added after a blank line. */
  const continueStory = async () => {
    try {
      const result = await job.run<ContinueResult>(() => startStoryContinue({ id: storyId, content }));
      if (result?.added) revise(content, result.content, REVISED.continue, 'The writer wrote on from the end.');
      else toast({ title: REVISED.continue });
    } catch (error) {
      if (stoppedByUser(error) || handledUnauthorized(error)) return;
      toast({ title: 'Continue Failed', description: 'The writer could not continue the story. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <div className="ai-panel">
      <h3 className="panel-title">
        <Icon name="sparkles" /> AI Assistance
      </h3>
      <div className="ai-buttons">
        <button type="button" className="btn btn-outline btn-sm" onClick={suggest} disabled={disabled}>
          <Icon name="wand" size={15} /> AI Suggestions
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => enhance('expand')} disabled={disabled}>
          Expand
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => enhance('shorten')} disabled={disabled}>
          Shorten
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => enhance('enhance')} disabled={disabled}>
          Enhance
        </button>
        {withContinue && (
          <button type="button" className="btn btn-outline btn-sm" onClick={continueStory} disabled={disabled}>
            Continue
          </button>
        )}
      </div>
      {job.running && <ProgressBar value={job.progress} message={job.message} label="AI assistance progress" />}
      {job.running && job.partial && (
        <div className="story-content preview story-stream" role="log" aria-live="polite" aria-label="The text as it is written">
          {job.partial}
        </div>
      )}
      {withContinue && <ParagraphRewrite content={content} onContent={onContent} storyId={storyId} caret={caret} disabled={job.running} />}
    </div>
  );
}
