import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { handledUnauthorized } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useDeleteVideo } from '../api/delete-video';
import type { Video } from '../../../types/api';

/** Owner-only: Edit, Story, Link, Delete. */
export function VideoCreatorActions({ video, onDeleted }: { video: Video; onDeleted?: () => void }) {
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const remove = useDeleteVideo();
  const stop = (fn: () => void) => (e: React.MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    fn();
  };
  return (
    <div className="creator-actions" role="group" aria-label="Creator Actions">
      <span className="creator-label">Creator Actions</span>
      <button type="button" className="btn btn-outline btn-xs" onClick={stop(() => navigate(`/video-editor/${video.id}`))}>
        <Icon name="edit" size={14} /> Edit
      </button>
      <button type="button" className="btn btn-outline btn-xs" onClick={stop(() => navigate(`/create-story?from_video=${video.id}`))}>
        <Icon name="book" size={14} /> Story
      </button>
      <button type="button" className="btn btn-outline btn-xs" onClick={stop(() => navigate(`/link-video/${video.id}`))}>
        <Icon name="link" size={14} /> Link
      </button>
      <button type="button" className="btn btn-outline-danger btn-xs" onClick={stop(() => setConfirm(true))}>
        <Icon name="trash" size={14} /> Delete
      </button>
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        title="Delete video?"
        description="Are you sure you want to delete this video? This action cannot be undone."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(video.id, {
            onSuccess: () => {
              setConfirm(false);
              toast({ title: 'Video deleted successfully' });
              onDeleted?.();
            },
            onError: (error) => {
              setConfirm(false);
              if (handledUnauthorized(error)) return;
              toast({ title: 'Error', description: 'Failed to delete video', variant: 'destructive' });
            },
          })
        }
      />
    </div>
  );
}
