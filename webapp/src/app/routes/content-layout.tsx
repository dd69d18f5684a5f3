/**
 * The body of /story/{id} and /video/{id}: the item's view and its comments (none for a mature
 * item the reader may not see: they quote it), the sponsored sidebar.
 */
import type { ReactNode } from 'react';
import { AdSlot } from '../../components/ad-slot';
import { CommentsSection } from '../../features/comments/components/comments-section';
import type { AdContext } from '../../lib/ads';
import type { ContentType } from '../../types/api';

type Props = {
  type: ContentType;
  item: { id: number; allowComments?: boolean | null; matureGate?: boolean | null };
  adContext?: AdContext;
  children: ReactNode;
};

export function ContentLayout({ type, item, adContext, children }: Props) {
  return (
    <div className="container page story-layout">
      <div className="stack">
        {children}
        {!item.matureGate && <CommentsSection type={type} id={item.id} allowComments={item.allowComments !== false} />}
      </div>
      <aside className="sidebar" aria-label="Sponsored">
        <AdSlot slot="sidebar" context={adContext} />
      </aside>
    </div>
  );
}
