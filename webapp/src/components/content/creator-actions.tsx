import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Icon } from '../ui/icons';
import type { ContentType } from '../../types/api';
import { DeleteContentDialog } from './delete-content-dialog';

type CreatorLink = { label: string; icon: string; to: string };

/** The owner's navigation buttons: a story's Edit, Video, Link; a video's Edit, Story, Link. */
const LINKS: Record<ContentType, (id: number) => CreatorLink[]> = {
  story: (id) => [
    { label: 'Edit', icon: 'edit', to: `/story/${id}/edit` },
    { label: 'Video', icon: 'film', to: `/create-video?from_story=${id}` },
    { label: 'Link', icon: 'link', to: `/link-story/${id}` },
  ],
  video: (id) => [
    { label: 'Edit', icon: 'edit', to: `/video-editor/${id}` },
    { label: 'Story', icon: 'book', to: `/create-story?from_video=${id}` },
    { label: 'Link', icon: 'link', to: `/link-video/${id}` },
  ],
};

/** Owner-only row on content cards: navigation buttons, then Delete with confirmation. */
export function CreatorActions({ type, id, onDeleted }: { type: ContentType; id: number; onDeleted?: () => void }) {
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const stop = (fn: () => void) => (e: React.MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    fn();
  };
  return (
    <div className="creator-actions" role="group" aria-label="Creator Actions">
      <span className="creator-label">Creator Actions</span>
      {LINKS[type](id).map((link) => (
        <button key={link.label} type="button" className="btn btn-outline btn-xs" onClick={stop(() => navigate(link.to))}>
          <Icon name={link.icon} size={14} /> {link.label}
        </button>
      ))}
      <button type="button" className="btn btn-outline-danger btn-xs" onClick={stop(() => setConfirm(true))}>
        <Icon name="trash" size={14} /> Delete
      </button>
      <DeleteContentDialog type={type} id={id} open={confirm} onClose={() => setConfirm(false)} onDeleted={onDeleted} />
    </div>
  );
}
