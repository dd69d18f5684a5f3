import { useEffect, useId, useRef, useState } from 'react';
import { useShareTargets, type ShareTarget } from '../../lib/share-targets';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { plural } from '../../lib/format';
import { COPY_CONFIRMATION_MS, SHARE_POPUP } from '../../lib/constants';
import { handleMenuKeys, menuButtonProps } from '../ui/dropdown-menu';
import { Icon, hasIcon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import type { ContentType } from '../../types/api';
import { useShareContent } from '../../lib/content/content-mutations';

type Props = {
  type: ContentType;
  id: number;
  title: string;
  count?: number;
  buttonLabel?: string;
  className?: string;
};

export function contentUrl(type: ContentType, id: number) {
  return `${window.location.origin}/${type}/${id}`;
}

/** A target's own icon: a data: image, one of the site's icon names, else one for its kind. */
function TargetIcon({ target, copied }: { target: ShareTarget; copied: boolean }) {
  if (target.shareType === 'link' && copied) return <Icon name="check" size={16} />;
  if (target.icon?.startsWith('data:image/')) return <img src={target.icon} width={16} height={16} alt="" />;
  if (hasIcon(target.icon)) return <Icon name={target.icon} size={16} />;
  return <Icon name={target.shareType === 'link' ? 'link' : target.shareType === 'email' ? 'mail' : 'share'} size={16} />;
}

/** Share targets come from GET /api/share-targets: nothing is hard-coded here; each share is recorded. */
export function ShareDropdown({ type, id, title, count, buttonLabel, className = 'btn btn-ghost btn-sm' }: Props) {
  const share = useShareContent(type);
  const onShare = ({ platform, shareType }: { platform: string; shareType: string }) => share.mutateAsync({ id, platform, shareType });
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const url = contentUrl(type, id);
  const noun = type === 'story' ? 'story' : 'video';
  const Noun = type === 'story' ? 'Story' : 'Video';

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const choose = async (target: ShareTarget) => {
    setOpen(false);
    const link = target.url || '';
    if (target.popup && link) {
      const left = Math.max(0, (window.screen.width - SHARE_POPUP.width) / 2);
      const top = Math.max(0, (window.screen.height - SHARE_POPUP.height) / 2);
      window.open(link, 'share', `width=${SHARE_POPUP.width},height=${SHARE_POPUP.height},left=${left},top=${top},noopener`);
    } else if (link.startsWith('mailto:')) {
      window.location.href = link;
    } else if (link && target.shareType !== 'link') {
      window.open(link, '_blank', 'noopener');
    }
    try {
      await onShare({ platform: target.id, shareType: target.shareType });
      const ok = await copyText(url);
      if (ok) {
        setCopied(true);
        toast({ title: 'Shared & Copied', description: `${Noun} shared and link copied to clipboard!` });
      } else {
        toast({ title: 'Shared', description: `${Noun} shared! Link: ${url}` });
      }
    } catch (error) {
      console.warn('Share failed', error);
      toast({ title: 'Error', description: `Failed to share ${noun}. Please try again.`, variant: 'destructive' });
    }
  };

  const onKeyDown = (event: React.KeyboardEvent) =>
    handleMenuKeys(event, Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []), setOpen, button, false);

  return (
    <div className="dropdown" ref={wrapper} onClick={(e) => e.stopPropagation()}>
      <button
        {...menuButtonProps(button, open, menuId)}
        className={className}
        aria-label={`Share ${noun}${count !== undefined ? ` (${plural(count, 'share')})` : ''}`}
        onClick={(e) => {
          e.preventDefault();
          setOpen((v) => !v);
        }}
      >
        <Icon name={copied ? 'check' : 'share'} size={16} />
        {buttonLabel ? <span>{buttonLabel}</span> : count !== undefined ? <span>{count}</span> : null}
      </button>
      {open && <ShareMenu id={menuId} menu={menu} title={title} url={url} copied={copied} onChoose={(target) => void choose(target)} onKeyDown={onKeyDown} />}
    </div>
  );
}

/** The open menu: the share targets are asked for (and watched) only while it is open, so a feed
 * of closed cards stays cheap to draw. */
function ShareMenu({ id, menu, title, url, copied, onChoose, onKeyDown }: {
  id: string;
  menu: React.RefObject<HTMLDivElement | null>;
  title: string;
  url: string;
  copied: boolean;
  onChoose: (target: ShareTarget) => void;
  onKeyDown: (event: React.KeyboardEvent) => void;
}) {
  const targets = useShareTargets({ title, url }, true);
  useEffect(() => {
    if (targets.data) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [menu, targets.data]);
  return (
    <div id={id} ref={menu} role="menu" className="dropdown-menu dropdown-start" onKeyDown={onKeyDown}>
      {targets.isLoading && (
        <div className="dropdown-label">
          <Spinner size="sm" /> Loading share options...
        </div>
      )}
      {targets.isError && <div className="dropdown-label">Share options unavailable</div>}
      {targets.data?.map((target) => (
        <button key={target.id} type="button" role="menuitem" tabIndex={-1} className="dropdown-item" onClick={() => onChoose(target)}>
          <span className="share-icon" aria-hidden="true">
            <TargetIcon target={target} copied={copied} />
          </span>
          {target.shareType === 'link' && copied ? 'Copied!' : target.label}
        </button>
      ))}
    </div>
  );
}
