import { Link, useNavigate } from 'react-router-dom';
import { LOGIN_URL, useAuth } from '../../lib/auth';
import { DropdownMenu, MenuItem } from '../ui/dropdown-menu';
import { Icon } from '../ui/icons';
import { Brand } from './navbar';

export function Footer() {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Brand />
          <p className="muted">Craft Your Nightmare. Unleash Your Fear.</p>
        </div>
        <nav aria-label="Quick Links">
          <h2 className="footer-title">Quick Links</h2>
          <ul>
            <li><Link to="/">Home</Link></li>
            <li><Link to="/explore">Explore</Link></li>
            <li><Link to="/explore?filter=trending">Trending</Link></li>
            <li><Link to={isAuthenticated ? '/create' : '/explore'}>{isAuthenticated ? 'Create Story' : 'Browse Stories'}</Link></li>
          </ul>
        </nav>
        <nav aria-label="Community">
          <h2 className="footer-title">Community</h2>
          <ul>
            <li><a href="#">Guidelines</a></li>
            <li><a href="#">Writing Contests</a></li>
            <li><a href="#">Creator Spotlight</a></li>
            <li><a href="#">Discord</a></li>
          </ul>
        </nav>
        <nav aria-label="Support">
          <h2 className="footer-title">Support</h2>
          <ul>
            <li><a href="#">Help Center</a></li>
            <li><a href="#">Contact Us</a></li>
            <li><a href="#">Privacy Policy</a></li>
            <li><a href="#">Terms of Service</a></li>
          </ul>
        </nav>
        <div className="footer-cta">
          <h2 className="footer-title">Start Creating Today</h2>
          <p className="muted small">Turn your darkest ideas into stories and narrated videos.</p>
          {isAuthenticated ? (
            <DropdownMenu
              align="start"
              buttonClassName="btn btn-primary btn-sm"
              label={
                <>
                  <Icon name="plus" size={16} /> Create
                </>
              }
            >
              {({ close }) => (
                <>
                  <MenuItem close={close} onSelect={() => navigate('/create')}>Create Story</MenuItem>
                  <MenuItem close={close} onSelect={() => navigate('/create-video')}>Create Video</MenuItem>
                </>
              )}
            </DropdownMenu>
          ) : (
            <div className="stack-sm">
              <a className="btn btn-primary btn-sm" href={LOGIN_URL}>Sign In to Create</a>
              <a className="btn btn-outline btn-sm" href={`${LOGIN_URL}?mode=register`}>Create Account</a>
            </div>
          )}
        </div>
      </div>
      <div className="container footer-bottom muted small">© {new Date().getFullYear()} Dreadforge. All nightmares reserved.</div>
    </footer>
  );
}
