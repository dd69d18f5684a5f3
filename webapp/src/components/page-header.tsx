import type { ReactNode } from 'react';
import { Icon } from './ui/icons';

/** A screen's title (with its icon) and the line under it. */
export function PageHeader({ icon, iconSize = 28, title, children }: { icon?: string; iconSize?: number; title: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1 className="page-title">
        {icon && <Icon name={icon} size={iconSize} />} {title}
      </h1>
      {children}
    </header>
  );
}
