import { useNavigate } from 'react-router-dom';
import { DropdownMenu, MenuItem } from './ui/dropdown-menu';
import { Icon } from './ui/icons';

/** A page that a menu item, or a link of the mobile drawer, goes to. */
export type PageLink = { to: string; icon: string; label: string };

export const CREATE_LINKS: PageLink[] = [
  { to: '/create', icon: 'book', label: 'Create Story' },
  { to: '/create-video', icon: 'film', label: 'Create Video' },
];

/** One menu item per link: its icon and label, going to its page. */
export function PageLinkItems({ links, close }: { links: PageLink[]; close: () => void }) {
  const navigate = useNavigate();
  return (
    <>
      {links.map((link) => (
        <MenuItem key={link.to} close={close} onSelect={() => navigate(link.to)}>
          <Icon name={link.icon} size={16} /> {link.label}
        </MenuItem>
      ))}
    </>
  );
}

/** The Create dropdown: Create Story (/create) and Create Video (/create-video). */
export function CreateMenu({ label = 'Create New', buttonClassName = 'btn btn-primary' }: { label?: string; buttonClassName?: string }) {
  return (
    <DropdownMenu
      buttonClassName={buttonClassName}
      label={
        <>
          <Icon name="plus" size={16} /> {label} <Icon name="chevron" size={14} />
        </>
      }
    >
      {({ close }) => <PageLinkItems links={CREATE_LINKS} close={close} />}
    </DropdownMenu>
  );
}
