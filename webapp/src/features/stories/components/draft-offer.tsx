import { Icon } from '../../../components/ui/icons';
import { formatRelative } from '../../../lib/format';
import type { Draft } from '../../../types/api';

/** What the draft is called: its title, the suggested one, its setting, or its first words. */
function draftName(draft: Draft): string {
  const named = draft.title || draft.settings.title || draft.settings.setting || draft.content.slice(0, 60);
  return named?.trim() || 'Untitled';
}

/** /create on arrival: the author's saved draft, to resume or discard. */
export function DraftOffer({ draft, onResume, onDiscard }: { draft: Draft; onResume: () => void; onDiscard: () => void }) {
  const words = draft.content.trim() ? draft.content.trim().split(/\s+/).length : 0;
  return (
    <section className="notice draft-offer" aria-labelledby="draft-offer-title">
      <div>
        <h2 id="draft-offer-title" className="draft-offer-title">
          <Icon name="save" size={16} /> You have an unfinished story
        </h2>
        <p className="muted small">
          “{draftName(draft)}”{words ? `, ${words} words` : draft.plan ? ', an outline' : ''}, saved {formatRelative(draft.updatedAt)}. Starting a new one
          replaces it.
        </p>
      </div>
      <div className="row-sm wrap">
        <button type="button" className="btn btn-primary btn-sm" onClick={onResume}>
          Resume your draft
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDiscard}>
          Discard
        </button>
      </div>
    </section>
  );
}
