import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';

type MenuRenderProps = { close: () => void };

/** What every button that opens a menu (`menuId`) carries: its ref, type and ARIA state. */
export function menuButtonProps(button: RefObject<HTMLButtonElement | null>, open: boolean, menuId: string) {
  return {
    ref: button,
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
  };
}

/**
 * The keys of an open menu: ArrowDown / ArrowUp focus the next / previous item (going round),
 * Home / End the first / last (unless `homeEnd` is false); Escape closes the menu and focuses
 * its button; Tab closes it.
 */
export function handleMenuKeys(
  event: React.KeyboardEvent,
  items: HTMLElement[],
  setOpen: (open: boolean) => void,
  button: { current: HTMLButtonElement | null },
  homeEnd = true,
) {
  const index = items.indexOf(document.activeElement as HTMLElement);
  const targets: Record<string, number | undefined> = {
    ArrowDown: (index + 1) % items.length,
    ArrowUp: (index - 1 + items.length) % items.length,
    ...(homeEnd ? { Home: 0, End: items.length - 1 } : {}),
  };
  const target = targets[event.key];
  if (target !== undefined) {
    event.preventDefault();
    items[target]?.focus();
  } else if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  } else if (event.key === 'Tab') {
    setOpen(false);
  }
}

/**
 * A button that opens a menu. Arrow keys move between items, Escape closes
 * and returns focus to the button, a click outside closes.
 */
export function DropdownMenu({
  label,
  buttonClassName = 'btn btn-ghost',
  align = 'end',
  ariaLabel,
  children,
  disabled,
}: {
  label: ReactNode;
  buttonClassName?: string;
  align?: 'start' | 'end';
  ariaLabel?: string;
  children: (props: MenuRenderProps) => ReactNode;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []);

  const close = (focusButton = true) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onDown = (event: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const onMenuKeyDown = (event: React.KeyboardEvent) => handleMenuKeys(event, items(), setOpen, button);

  return (
    <div className="dropdown" ref={wrapper}>
      <button
        {...menuButtonProps(button, open, id)}
        className={buttonClassName}
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setOpen((v) => !v);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
      </button>
      {open && (
        <div
          id={id}
          ref={menu}
          role="menu"
          className={`dropdown-menu dropdown-${align}`}
          onKeyDown={onMenuKeyDown}
          onClick={(e) => e.stopPropagation()}
        >
          {children({ close: () => close(false) })}
        </div>
      )}
    </div>
  );
}

export function MenuItem({
  children,
  onSelect,
  href,
  danger,
  close,
}: {
  children: ReactNode;
  onSelect?: () => void;
  href?: string;
  danger?: boolean;
  close: () => void;
}) {
  const className = `dropdown-item${danger ? ' danger' : ''}`;
  if (href) {
    return (
      <a role="menuitem" tabIndex={-1} className={className} href={href} onClick={() => close()}>
        {children}
      </a>
    );
  }
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={className}
      onClick={() => {
        close();
        onSelect?.();
      }}
    >
      {children}
    </button>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <div className="dropdown-label">{children}</div>;
}

export function MenuSeparator() {
  return <div className="dropdown-separator" role="separator" />;
}
