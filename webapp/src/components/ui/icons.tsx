const PATHS: Record<string, string> = {
  heart: 'M12 21s-7.5-4.6-9.5-9.1C1.1 8.6 3.2 5 6.6 5c2 0 3.4 1.1 4.4 2.5C12 6.1 13.4 5 15.4 5c3.4 0 5.5 3.6 4.1 6.9C19.5 16.4 12 21 12 21z',
  comment: 'M4 5h16v11H8l-4 4z',
  share: 'M18 8a3 3 0 1 0-2.8-4M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm12 7a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  eye: 'M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12zm11 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9c0-4 4-6 8-6s8 2 8 6',
  plus: 'M12 5v14M5 12h14',
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M6 6l12 12M18 6L6 18',
  back: 'M15 18l-6-6 6-6',
  clock: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zm0-15v5l3 3',
  book: 'M4 4h10a4 4 0 0 1 4 4v12H8a4 4 0 0 1-4-4zM4 16a4 4 0 0 1 4-4h10',
  film: 'M3 4h18v16H3zM7 4v16M17 4v16M3 9h4M3 15h4M17 9h4M17 15h4',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  list: 'M8 6h13M8 12h13M8 18h13M3 6h1M3 12h1M3 18h1',
  search: 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zm10 2-4.3-4.3',
  filter: 'M3 5h18l-7 8v6l-4 2v-8z',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  link: 'M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  download: 'M12 3v12m0 0-5-5m5 5 5-5M4 21h16',
  flag: 'M5 21V4h11l-1 4 4 3H5',
  play: 'M7 4v16l13-8z',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  sparkles: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  skull: 'M12 2a8 8 0 0 0-8 8c0 3 1.6 5 3 6v3h10v-3c1.4-1 3-3 3-6a8 8 0 0 0-8-8zM9 11h.01M15 11h.01M10 19v2M14 19v2',
  chevron: 'M6 9l6 6 6-6',
  'arrow-up': 'M12 19V5M5 12l7-7 7 7',
  'arrow-down': 'M12 5v14M5 12l7 7 7-7',
  'arrow-left': 'M19 12H5M12 19l-7-7 7-7',
  'arrow-right': 'M5 12h14M12 5l7 7-7 7',
  save: 'M5 3h11l3 3v15H5zM8 3v5h8M8 21v-7h8v7',
  shuffle: 'M3 6h4l10 12h4M3 18h4l3-3.6M14 9.6 17 6h4M18 3l3 3-3 3M18 15l3 3-3 3',
  wand: 'M4 20 16 8M14 4v3M18 8h3M17.5 5.5l2-2M6 4l.7 2L9 6.7 6.7 7.4 6 9.5 5.3 7.4 3 6.7l2.3-.7z',
  check: 'M5 12l5 5L20 7',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  image: 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15 9h.01',
  twitter: 'M4 4l16 16M20 4L4 20',
  facebook: 'M15 4h-2a4 4 0 0 0-4 4v3H7v3h2v7h3v-7h3l.5-3H12V8a1 1 0 0 1 1-1h2z',
  reddit: 'M12 20c4.4 0 8-2.2 8-5s-3.6-5-8-5-8 2.2-8 5 3.6 5 8 5zM9 14h.01M15 14h.01M9.5 17c1.5 1 3.5 1 5 0M12 10l1.2-5 3.8 1M19 6h.01',
  bookmark: 'M6 3h12v18l-6-4.5L6 21z',
  bell: 'M6 17v-6a6 6 0 1 1 12 0v6l2 2H4zM10 21a2 2 0 0 0 4 0',
  whatsapp: 'M4 20l1.4-4.2A8 8 0 1 1 8.3 18.7zM9 9c0 3 3 6 6 6l1-1.5-2-1-1 1c-1-.5-2-1.5-2.5-2.5l1-1-1-2z',
};

/** Whether ``name`` is one of the icons drawn here (a plugin may name one, or send a data: image). */
export function hasIcon(name: string | null | undefined): name is string {
  return !!name && Object.prototype.hasOwnProperty.call(PATHS, name);
}

export function Icon({ name, size = 18, className = '', filled = false }: { name: keyof typeof PATHS | string; size?: number; className?: string; filled?: boolean }) {
  return (
    <svg
      className={`icon ${className}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={hasIcon(name) ? name : 'skull'}
    >
      <path d={PATHS[name] ?? PATHS.skull} />
    </svg>
  );
}
