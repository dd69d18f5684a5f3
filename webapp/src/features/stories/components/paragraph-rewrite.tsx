import { useEffect, useState } from 'react';
import { ProgressBar } from '../../../components/ui/progress';
import { SelectField } from '../../../components/ui/form';
import { Icon } from '../../../components/ui/icons';
import { stoppedByUser, useJobRunner } from '../../../lib/jobs';
import { handledUnauthorized } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { startStoryRewrite, type RewriteResult } from '../api/story-ai';
import { paragraphAt, splitParagraphs } from '../utils/writer';

/** The first words of a paragraph, to name it in the list. */
const opening = (text: string) => {
  const words = text.split(/\s+/);
  return words.slice(0, 7).join(' ') + (words.length > 7 ? '…' : '');
};

/**
 * "Rewrite this paragraph": the writer offers three rewritings of the chosen paragraph (the one
 * the caret is in, or picked from the list); picking one puts it in place of the paragraph, with
 * Undo in its toast. An offer is dropped when the text changes under it.
 */
export function ParagraphRewrite({
  content,
  onContent,
  storyId,
  caret,
  disabled,
}: {
  content: string;
  onContent: (next: string) => void;
  storyId?: number;
  caret?: number;
  disabled?: boolean;
}) {
  const job = useJobRunner();
  const parts = splitParagraphs(content);
  const [index, setIndex] = useState(0);
  const [offer, setOffer] = useState<(RewriteResult & { base: string }) | null>(null);
  const chosen = Math.min(index, Math.max(0, parts.length - 1));

  useEffect(() => {
    if (caret !== undefined) setIndex(paragraphAt(content, caret));
  }, [caret]); // follows the caret, not each keystroke
  useEffect(() => {
    if (offer && offer.base !== content) setOffer(null);
  }, [content, offer]);

  const rewrite = async () => {
    setOffer(null);
    try {
      const result = await job.run<RewriteResult>(() => startStoryRewrite({ id: storyId, content, paragraph: chosen }));
      setOffer({ ...result, base: content });
    } catch (error) {
      if (stoppedByUser(error) || handledUnauthorized(error)) return;
      toast({ title: 'Rewrite Failed', description: 'Could not rewrite the paragraph. Please try again.', variant: 'destructive' });
    }
  };

  const pick = (choice: number) => {
    if (!offer) return;
    const before = offer.base;
    onContent(offer.contents[choice]);
    setOffer(null);
    toast({ title: 'Paragraph Rewritten', description: `Paragraph ${offer.paragraph + 1} was replaced.`, action: { label: 'Undo', onClick: () => onContent(before) } });
  };

  return (
    <div className="paragraph-rewrite stack-sm">
      <SelectField
        label="Paragraph to rewrite"
        value={String(chosen)}
        onChange={(value) => setIndex(Number(value))}
        options={parts.map((text, i) => ({ value: String(i), label: `${i + 1}. ${opening(text)}` }))}
      />
      <button type="button" className="btn btn-outline btn-sm" onClick={rewrite} disabled={disabled || job.running || !parts.length}>
        <Icon name="shuffle" size={15} /> Rewrite
      </button>
      {job.running && <ProgressBar value={job.progress} message={job.message} label="Rewrite progress" />}
      {offer && (
        <div className="rewrite-offer" role="group" aria-label={`Rewritings of paragraph ${offer.paragraph + 1}`}>
          {offer.alternatives.map((text, i) => (
            <div className="rewrite-option" key={i}>
              <p>{text}</p>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => pick(i)} aria-label={`Use rewriting ${i + 1}`}>
                <Icon name="check" size={14} /> Use this
              </button>
            </div>
          ))}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOffer(null)}>
            Keep mine
          </button>
        </div>
      )}
    </div>
  );
}
