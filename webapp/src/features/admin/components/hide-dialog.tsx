import { useEffect, useId, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';

/** The most a moderator's reason may hold (core/schemas/admin.py MAX_REASON). */
const MAX_REASON = 280;

/**
 * Hiding a story or video from the community: nothing is deleted, and its author is told, with the
 * moderator's reason when one is given (the reason is optional, unlike a ban's).
 */
export function HideDialog({
  item,
  noun,
  onClose,
  onHide,
  pending,
}: {
  item: { id: number; title?: string | null } | null;
  noun: string;
  onClose: () => void;
  onHide: (reason: string | null) => void;
  pending: boolean;
}) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  useEffect(() => setReason(''), [item?.id]);
  return (
    <Dialog
      open={!!item}
      onClose={onClose}
      title={`Hide ${noun}?`}
      description={`“${item?.title ?? ''}” leaves the community's feeds and pages; its author keeps it and is told it was hidden.`}
      size="sm"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={pending} onClick={() => onHide(reason.trim() || null)}>
            {pending ? 'Hiding...' : `Hide ${noun}`}
          </button>
        </>
      }
    >
      <div className="field">
        <label className="field-label" htmlFor={reasonId}>
          Reason for the author (optional)
        </label>
        <textarea id={reasonId} className="input" rows={3} maxLength={MAX_REASON} value={reason} onChange={(e) => setReason(e.target.value)} data-autofocus placeholder={`Why is this ${noun} hidden?`} />
      </div>
    </Dialog>
  );
}
