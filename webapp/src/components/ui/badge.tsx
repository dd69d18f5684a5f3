import type { ReactNode } from 'react';

export function Badge({ children, variant = 'default', title }: { children: ReactNode; variant?: 'default' | 'accent' | 'outline' | 'success' | 'warning' | 'danger'; title?: string }) {
  return (
    <span className={`badge badge-${variant}`} title={title}>
      {children}
    </span>
  );
}
