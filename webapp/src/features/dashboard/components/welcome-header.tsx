import { useNavigate } from 'react-router-dom';
import { DropdownMenu, MenuItem } from '../../../components/ui/dropdown-menu';
import { Icon } from '../../../components/ui/icons';

export function WelcomeHeader({ firstName }: { firstName?: string | null }) {
  const navigate = useNavigate();
  return (
    <header className="welcome">
      <div>
        <h1 className="page-title">Welcome back, {firstName || 'Horror Creator'}</h1>
        <p className="muted">Ready to craft your next nightmare?</p>
      </div>
      <DropdownMenu
        buttonClassName="btn btn-primary"
        label={
          <>
            <Icon name="plus" size={16} /> Create New <Icon name="chevron" size={14} />
          </>
        }
      >
        {({ close }) => (
          <>
            <MenuItem close={close} onSelect={() => navigate('/create')}>
              <Icon name="book" size={16} /> Create Story
            </MenuItem>
            <MenuItem close={close} onSelect={() => navigate('/create-video')}>
              <Icon name="film" size={16} /> Create Video
            </MenuItem>
          </>
        )}
      </DropdownMenu>
    </header>
  );
}
