import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ContentType } from '../types/api';
import { DeleteContentDialog } from './delete-content-dialog';
import { Icon } from './ui/icons';

export type CreatorLink = { label: string; icon: string; to: string };

/** Owner-only row on content cards: navigation buttons, then Delete with confirmation. */
export function CreatorActions({
  type,
  links,
  pending,
  onDelete,
  onDeleted,
}: {
  type: ContentType;
  links: CreatorLink[];
  pending: boolean;
  onDelete: React.ComponentProps<typeof DeleteContentDialog>['onDelete'];
  onDeleted?: () => void;
}) {
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
      {links.map((link) => (
        <button key={link.label} type="button" className="btn btn-outline btn-xs" onClick={stop(() => navigate(link.to))}>
          <Icon name={link.icon} size={14} /> {link.label}
        </button>
      ))}
      <button type="button" className="btn btn-outline-danger btn-xs" onClick={stop(() => setConfirm(true))}>
        <Icon name="trash" size={14} /> Delete
      </button>
      <DeleteContentDialog type={type} open={confirm} onClose={() => setConfirm(false)} pending={pending} onDelete={onDelete} onDeleted={onDeleted} />
    </div>
  );
}
