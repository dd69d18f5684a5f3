import { useEffect, useId, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import type { User } from '../../../types/api';

const DURATIONS = [
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: 'permanent', label: 'Permanent' },
];

/** Ban needs a non-empty reason; the button stays disabled until there is one. */
export function BanDialog({
  user,
  onClose,
  onBan,
  pending,
}: {
  user: User | null;
  onClose: () => void;
  onBan: (input: { reason: string; expiresAt: string | null }) => void;
  pending: boolean;
}) {
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState('7');
  const reasonId = useId();
  const durationId = useId();
  useEffect(() => {
    setReason('');
    setDuration('7');
  }, [user?.id]);
  const submit = () => {
    const trimmed = reason.trim();
    if (!trimmed) return;
    const expiresAt = duration === 'permanent' ? null : new Date(Date.now() + Number(duration) * 86400000).toISOString();
    onBan({ reason: trimmed, expiresAt });
  };
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.email || 'this user';
  return (
    <Dialog
      open={!!user}
      onClose={onClose}
      title="Ban User"
      description={`Ban ${name} from Dreadforge. They will be signed out and unable to sign in.`}
      size="sm"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" disabled={!reason.trim() || pending} onClick={submit}>
            {pending ? 'Banning...' : 'Ban User'}
          </button>
        </>
      }
    >
      <div className="stack">
        <div className="field">
          <label className="field-label" htmlFor={reasonId}>
            Reason (required)
          </label>
          <textarea id={reasonId} className="input" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} data-autofocus placeholder="Why is this user being banned?" />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={durationId}>
            Duration
          </label>
          <select id={durationId} className="input" value={duration} onChange={(e) => setDuration(e.target.value)}>
            {DURATIONS.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </div>
      </div>
    </Dialog>
  );
}
