import { handledUnauthorized } from '../lib/auth';
import { toast } from '../lib/toast';
import type { ContentType } from '../types/api';
import { ConfirmDialog } from './ui/dialog';

type Handlers = { onSuccess: () => void; onError: (error: unknown) => void };

/** Delete confirmation for a story or video; the feature runs its own delete call through `onDelete`. */
export function DeleteContentDialog({
  type,
  open,
  onClose,
  pending,
  onDelete,
  onDeleted,
}: {
  type: ContentType;
  open: boolean;
  onClose: () => void;
  pending: boolean;
  onDelete: (handlers: Handlers) => void;
  onDeleted?: () => void;
}) {
  const Noun = type === 'story' ? 'Story' : 'Video';
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={`Delete ${type}?`}
      description={`Are you sure you want to delete this ${type}? This action cannot be undone.`}
      pending={pending}
      onConfirm={() =>
        onDelete({
          onSuccess: () => {
            onClose();
            toast({ title: `${Noun} deleted successfully` });
            onDeleted?.();
          },
          onError: (error) => {
            onClose();
            if (handledUnauthorized(error)) return;
            toast({ title: 'Error', description: `Failed to delete ${type}`, variant: 'destructive' });
          },
        })
      }
    />
  );
}
