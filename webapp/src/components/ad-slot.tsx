import { useAd } from '../lib/ads';

/** Dashboard banner (728x90) and feed blocks from GET /api/ads/{slot}. */
export function AdSlot({ slot, index, className = '' }: { slot: 'banner' | 'feed'; index?: number; className?: string }) {
  const { data } = useAd(slot, index);
  if (!data) return null;
  const body = data.html ? (
    <div className="ad-html" dangerouslySetInnerHTML={{ __html: data.html }} />
  ) : (
    <a className="ad-card" href={data.href || '#'} target="_blank" rel="noopener sponsored">
      {data.image && <img src={data.image} alt={data.title ? `Advertisement: ${data.title}` : 'Advertisement'} loading="lazy" />}
      <span className="ad-text">
        {data.title && <strong>{data.title}</strong>}
        {data.body && <span>{data.body}</span>}
      </span>
    </a>
  );
  return (
    <aside className={`ad ad-${slot} ${className}`} aria-label="Advertisement">
      <span className="ad-label">Advertisement</span>
      {body}
    </aside>
  );
}
