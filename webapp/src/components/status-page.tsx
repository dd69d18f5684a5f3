import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from './ui/icons';

/** The usual way out of a status page. */
export const goHome = (
  <Link to="/" className="btn btn-primary">
    Go Home
  </Link>
);

/** Full-width message for not-found / access-denied states. */
export function StatusPage({ title, message, icon = 'skull', actions }: { title: string; message: ReactNode; icon?: string; actions?: ReactNode }) {
  return (
    <section className="status-page container">
      <Icon name={icon} size={56} />
      <h1>{title}</h1>
      <p className="muted">{message}</p>
      {actions && <div className="row center">{actions}</div>}
    </section>
  );
}
