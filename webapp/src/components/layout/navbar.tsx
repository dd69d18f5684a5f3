import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, NavLink } from 'react-router-dom';
import { LOGIN_URL, LOGOUT_URL, useAuth } from '../../lib/auth';
import { DropdownMenu, MenuItem, MenuLabel, MenuSeparator } from '../ui/dropdown-menu';
import { Icon } from '../ui/icons';
import { Avatar } from '../ui/avatar';
import { CREATE_LINKS, CreateMenu, PageLinkItems, type PageLink } from '../create-menu';
import { useFocusTrap } from '../ui/dialog';
import { SignOutEverywhereDialog } from '../sign-out-everywhere-dialog';
import { NotificationBell } from '../notification-bell';

const ADMIN_LINK: PageLink = { to: '/admin', icon: 'shield', label: 'Admin Panel' };
const PROFILE_LINK: PageLink = { to: '/profile', icon: 'user', label: 'My Profile' };
const READING_LINK: PageLink = { to: '/profile?tab=reading', icon: 'bookmark', label: 'Reading List' };

export function Brand() {
  return (
    <Link to="/" className="brand" aria-label="Dreadforge home">
      <Icon name="skull" size={26} />
      <span>Dreadforge</span>
    </Link>
  );
}

export function Navbar() {
  const { user, isAuthenticated, isAdmin } = useAuth();
  const [drawer, setDrawer] = useState(false);
  const [everywhere, setEverywhere] = useState(false);
  const askSignOutEverywhere = () => {
    setDrawer(false);
    setEverywhere(true);
  };
  const drawerRef = useRef<HTMLDivElement>(null);
  useFocusTrap(drawer, drawerRef, () => setDrawer(false));
  const name = user?.firstName || 'Horror Creator';
  const accountLinks = isAdmin ? [ADMIN_LINK, PROFILE_LINK, READING_LINK] : [PROFILE_LINK, READING_LINK];
  const drawerLinks = (pages: PageLink[]) =>
    pages.map((page) => (
      <Link key={page.to} to={page.to} className="nav-link" onClick={() => setDrawer(false)}>
        {page.label}
      </Link>
    ));
  const links = (
    <>
      <NavLink to="/" end className="nav-link" onClick={() => setDrawer(false)}>
        Home
      </NavLink>
      <NavLink to="/explore" className="nav-link" onClick={() => setDrawer(false)}>
        Explore
      </NavLink>
      {isAuthenticated && (
        <NavLink to="/profile" className="nav-link" onClick={() => setDrawer(false)}>
          My Stories
        </NavLink>
      )}
    </>
  );
  return (
    <header className="navbar">
      <nav className="navbar-inner container" aria-label="Main">
        <Brand />
        <div className="nav-links desktop-only">{links}</div>
        <div className="nav-actions">
          {isAuthenticated ? (
            <>
              <div className="desktop-only">
                <CreateMenu label="Create" buttonClassName="btn btn-primary btn-sm" />
              </div>
              <NotificationBell />
              <DropdownMenu buttonClassName="avatar-btn" ariaLabel="Account menu" label={<Avatar user={user} size={34} />}>
                {({ close }) => (
                  <>
                    <MenuLabel>
                      <strong>{name}</strong>
                      <span className="muted small">{user?.email}</span>
                    </MenuLabel>
                    <MenuSeparator />
                    <PageLinkItems links={accountLinks} close={close} />
                    <MenuItem close={close} href={LOGOUT_URL}>
                      <Icon name="logout" size={16} /> Sign Out
                    </MenuItem>
                    <MenuItem close={close} onSelect={askSignOutEverywhere}>
                      <Icon name="logout" size={16} /> Sign out everywhere
                    </MenuItem>
                  </>
                )}
              </DropdownMenu>
            </>
          ) : (
            <a href={LOGIN_URL} className="btn btn-primary btn-sm">
              Sign In
            </a>
          )}
          <button type="button" className="icon-btn mobile-only" aria-label="Open menu" aria-expanded={drawer} onClick={() => setDrawer(true)}>
            <Icon name="menu" size={22} />
          </button>
        </div>
      </nav>
      {drawer &&
        createPortal(
        <div className="drawer-overlay" onMouseDown={(e) => e.target === e.currentTarget && setDrawer(false)}>
          <div className="drawer" ref={drawerRef} role="dialog" aria-modal="true" aria-label="Menu">
            <div className="drawer-header">
              <Brand />
              <button type="button" className="icon-btn" aria-label="Close menu" onClick={() => setDrawer(false)}>
                <Icon name="close" />
              </button>
            </div>
            <div className="drawer-links">
              {links}
              {isAuthenticated ? (
                <>
                  <p className="drawer-section">Create</p>
                  {drawerLinks(CREATE_LINKS)}
                  <p className="drawer-section">{name}</p>
                  <p className="muted small drawer-email">{user?.email}</p>
                  {drawerLinks(accountLinks)}
                  <a href={LOGOUT_URL} className="nav-link">
                    Sign Out
                  </a>
                  <button type="button" className="nav-link" onClick={askSignOutEverywhere}>
                    Sign out everywhere
                  </button>
                </>
              ) : (
                <a href={LOGIN_URL} className="btn btn-primary">
                  Sign In
                </a>
              )}
            </div>
          </div>
        </div>,
          document.body,
        )}
      <SignOutEverywhereDialog open={everywhere} onClose={() => setEverywhere(false)} />
    </header>
  );
}
