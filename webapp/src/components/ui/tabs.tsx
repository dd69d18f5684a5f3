import { useId, useRef, type ReactNode } from 'react';

export type TabItem = { value: string; label: ReactNode };

/** Tabs labelled by their values, capitalised: `namedTabs('users', 'audit')` → Users, Audit. */
export function namedTabs(...values: string[]): TabItem[] {
  return values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));
}

/** A tab list with roving focus: Left/Right/Home/End move and select. */
export function Tabs({
  items,
  value,
  onChange,
  label,
  idBase,
  className = '',
}: {
  items: TabItem[];
  value: string;
  onChange: (value: string) => void;
  label: string;
  idBase?: string;
  className?: string;
}) {
  const generated = useId();
  const base = idBase ?? generated;
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (event: React.KeyboardEvent) => {
    const index = items.findIndex((i) => i.value === value);
    let next = -1;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const target = items[next].value;
    onChange(target);
    refs.current[target]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={`tabs ${className}`} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <button
          key={item.value}
          ref={(el) => {
            refs.current[item.value] = el;
          }}
          type="button"
          role="tab"
          id={`${base}-tab-${item.value}`}
          aria-controls={`${base}-panel-${item.value}`}
          aria-selected={value === item.value}
          tabIndex={value === item.value ? 0 : -1}
          className={`tab${value === item.value ? ' active' : ''}`}
          onClick={() => onChange(item.value)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({ idBase, value, children, className = '' }: { idBase: string; value: string; children: ReactNode; className?: string }) {
  return (
    <div role="tabpanel" id={`${idBase}-panel-${value}`} aria-labelledby={`${idBase}-tab-${value}`} className={`tab-panel ${className}`} tabIndex={0}>
      {children}
    </div>
  );
}
