import type { ReactNode } from 'react';
import { Icon } from './icons';

export function EmptyState({ title, hint, icon = 'skull', action }: { title: string; hint?: ReactNode; icon?: string; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <Icon name={icon} size={40} />
      <h3>{title}</h3>
      {hint && <p>{hint}</p>}
      {action}
    </div>
  );
}
