import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { handledUnauthorized } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useDeleteStory } from '../api/delete-story';
import type { Story } from '../../../types/api';

/** Owner-only: Edit, Video, Link, Delete. */
export function StoryCreatorActions({ story, allowVideo = true, onDeleted }: { story: Story; allowVideo?: boolean; onDeleted?: () => void }) {
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const remove = useDeleteStory();
  const stop = (fn: () => void) => (e: React.MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    fn();
  };
  return (
    <div className="creator-actions" aria-label="Creator Actions" role="group">
      <span className="creator-label">Creator Actions</span>
      <button type="button" className="btn btn-outline btn-xs" onClick={stop(() => navigate(`/story/${story.id}/edit`))}>
        <Icon name="edit" size={14} /> Edit
      </button>
      {allowVideo && (
        <button type="button" className="btn btn-outline btn-xs" onClick={stop(() => navigate(`/create-video?from_story=${story.id}`))}>
          <Icon name="film" size={14} /> Video
        </button>
      )}
      <button type="button" className="btn btn-outline btn-xs" onClick={stop(() => navigate(`/link-story/${story.id}`))}>
        <Icon name="link" size={14} /> Link
      </button>
      <button type="button" className="btn btn-outline-danger btn-xs" onClick={stop(() => setConfirm(true))}>
        <Icon name="trash" size={14} /> Delete
      </button>
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        title="Delete story?"
        description="Are you sure you want to delete this story? This action cannot be undone."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(story.id, {
            onSuccess: () => {
              setConfirm(false);
              toast({ title: 'Story deleted successfully' });
              onDeleted?.();
            },
            onError: (error) => {
              setConfirm(false);
              if (handledUnauthorized(error)) return;
              toast({ title: 'Error', description: 'Failed to delete story', variant: 'destructive' });
            },
          })
        }
      />
    </div>
  );
}
