import { ProgressBar } from '../../../components/ui/progress';
import { Icon } from '../../../components/ui/icons';
import { useJobRunner } from '../../../lib/jobs';
import { handledUnauthorized } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import {
  startStoryEnhance,
  startStorySuggestions,
  suggestionsText,
  type EnhanceResult,
  type EnhanceType,
  type SuggestionsResult,
} from '../api/story-ai';

/** AI suggestions (appended after a blank line) and expand/shorten/enhance/continue jobs. */
export function StoryAiPanel({
  content,
  onContent,
  storyId,
  withContinue = false,
}: {
  content: string;
  onContent: (next: string) => void;
  storyId?: number;
  withContinue?: boolean;
}) {
  const job = useJobRunner();
  const disabled = job.running || !content.trim();

  const suggest = async () => {
    try {
      const result = await job.run<SuggestionsResult>(() => startStorySuggestions(content));
      const text = suggestionsText(result);
      if (text) onContent(`${content}\n\n${text}`);
      toast({ title: 'AI Suggestions Added', description: 'Suggestions were appended to your story.' });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError' || handledUnauthorized(error)) return;
      toast({ title: 'AI Suggestions Failed', description: 'Could not get AI suggestions at the moment.', variant: 'destructive' });
    }
  };

  const enhance = async (type: EnhanceType) => {
    try {
      const result = await job.run<EnhanceResult>(() => startStoryEnhance({ id: storyId, type, content }));
      if (result?.content) onContent(result.content);
      toast({ title: 'Story Enhanced' });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError' || handledUnauthorized(error)) return;
      toast({ title: 'Enhancement Failed', description: 'Failed to enhance story. Please try again.', variant: 'destructive' });
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
          <button type="button" className="btn btn-outline btn-sm" onClick={() => enhance('continue')} disabled={disabled}>
            Continue
          </button>
        )}
      </div>
      {job.running && <ProgressBar value={job.progress} message={job.message} label="AI assistance progress" />}
    </div>
  );
}
