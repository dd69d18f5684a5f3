import { ConfirmDialog } from '../ui/dialog';
import { isSessionError } from '../../lib/auth';
import { toast } from '../../lib/toast';
import type { ContentType } from '../../types/api';
import { useDeleteOwnContent } from '../../lib/content/content-mutations';

/** Delete confirmation for one of the user's stories or videos; deletes it on confirm. */
export function DeleteContentDialog({
  type,
  id,
  open,
  onClose,
  onDeleted,
}: {
  type: ContentType;
  id: number;
  open: boolean;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteOwnContent(type);
  const Noun = type === 'story' ? 'Story' : 'Video';
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={`Delete ${type}?`}
      description={`Are you sure you want to delete this ${type}? This action cannot be undone.`}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: () => {
            onClose();
            toast({ title: `${Noun} deleted successfully` });
            onDeleted?.();
          },
          onError: (error) => {
            onClose();
            if (isSessionError(error)) return;
            toast({ title: 'Error', description: `Failed to delete ${type}`, variant: 'destructive' });
          },
        })
      }
    />
  );
}
