import { useState } from 'react';
import { useReportContent, type ReportType } from '../lib/report';
import { getErrorMessage, getErrorStatus } from '../lib/api-client';
import { isSessionError, useAuth } from '../lib/auth';
import { toast } from '../lib/toast';
import { Dialog } from './ui/dialog';
import { Icon } from './ui/icons';

/** Report to the moderators; signed-in users only. */
export function ReportButton({ type, id, compact }: { type: ReportType; id: number; compact?: boolean }) {
  const { isAuthenticated } = useAuth();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportContent();
  if (!isAuthenticated) return null;
  const submit = () => {
    const trimmed = reason.trim();
    if (!trimmed) return;
    report.mutate(
      { type, id, reason: trimmed },
      {
        onSuccess: () => {
          toast({ title: 'Report Sent', description: 'Thank you. The moderators will review it.' });
          setOpen(false);
          setReason('');
        },
        onError: (error) => {
          if (isSessionError(error)) return;
          const status = getErrorStatus(error);
          toast({
            title: status === 409 ? 'Already Reported' : 'Report Failed',
            description: status === 409 ? `You have already reported this ${type}.` : getErrorMessage(error),
            variant: 'destructive',
          });
        },
      },
    );
  };
  return (
    <>
      <button type="button" className={compact ? 'btn btn-ghost btn-xs' : 'btn btn-ghost btn-sm'} onClick={() => setOpen(true)} aria-label={`Report this ${type}`}>
        <Icon name="flag" size={14} />
        {!compact && <span>Report</span>}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Report ${type}`}
        description="Tell the moderators what is wrong with it."
        size="sm"
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" disabled={!reason.trim() || report.isPending} onClick={submit}>
              {report.isPending ? 'Sending...' : 'Send Report'}
            </button>
          </>
        }
      >
        <label className="field-label" htmlFor={`report-${type}-${id}`}>
          Reason
        </label>
        <textarea
          id={`report-${type}-${id}`}
          className="input"
          rows={4}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Spam, harassment, stolen content..."
          data-autofocus
        />
      </Dialog>
    </>
  );
}
