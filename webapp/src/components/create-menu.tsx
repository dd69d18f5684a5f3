import { useNavigate } from 'react-router-dom';
import { DropdownMenu, MenuItem } from './ui/dropdown-menu';
import { Icon } from './ui/icons';

/** The Create dropdown: Create Story (/create) and Create Video (/create-video). */
export function CreateMenu({ label = 'Create New', buttonClassName = 'btn btn-primary' }: { label?: string; buttonClassName?: string }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu
      buttonClassName={buttonClassName}
      label={
        <>
          <Icon name="plus" size={16} /> {label} <Icon name="chevron" size={14} />
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
  );
}
