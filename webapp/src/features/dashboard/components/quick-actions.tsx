import { Link } from 'react-router-dom';
import { Icon } from '../../../components/ui/icons';

export function QuickActions() {
  return (
    <section aria-labelledby="quick-title" className="section">
      <h2 id="quick-title" className="section-title">What would you like to do?</h2>
      <div className="action-grid">
        <Link to="/create" className="action-card">
          <Icon name="sparkles" size={28} />
          <span>
            <strong>Create New Story</strong>
            <span className="muted">Generate a new horror story with AI assistance</span>
          </span>
        </Link>
        <Link to="/profile" className="action-card">
          <Icon name="book" size={28} />
          <span>
            <strong>My Stories</strong>
            <span className="muted">View and manage your collection of stories</span>
          </span>
        </Link>
      </div>
    </section>
  );
}
