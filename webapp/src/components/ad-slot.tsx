import { useEffect, useRef } from 'react';
import { useAd, type AdSlotName } from '../lib/ads';

/** Inserts an ad network's HTML snippet and runs its scripts (innerHTML alone would not). */
function ScriptAd({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    node.innerHTML = html;
    for (const old of Array.from(node.querySelectorAll('script'))) {
      const script = document.createElement('script');
      for (const attr of Array.from(old.attributes)) script.setAttribute(attr.name, attr.value);
      script.text = old.text;
      old.replaceWith(script);
    }
    return () => {
      node.innerHTML = '';
    };
  }, [html]);
  return <div className="ad-html" ref={ref} />;
}

/** Banner (728x90), sidebar (300x250) and feed blocks from GET /api/ads/{slot}; 204 shows nothing. */
export function AdSlot({ slot, index, className = '' }: { slot: AdSlotName; index?: number; className?: string }) {
  const { data } = useAd(slot, index);
  if (!data) return null;
  const size = { maxWidth: data.width ? `${data.width}px` : undefined, minHeight: data.height ? `${data.height}px` : undefined };
  return (
    <aside className={`ad ad-${slot} ${className}`} aria-label="Advertisement" style={size}>
      <span className="ad-label">Advertisement</span>
      {data.html ? (
        <ScriptAd html={data.html} />
      ) : (
        <a className="ad-card" href={data.href || '#'} target="_blank" rel="noopener sponsored">
          {data.image && <img src={data.image} alt={data.title ? `Advertisement: ${data.title}` : 'Advertisement'} loading="lazy" />}
          <span className="ad-text">
            {data.title && <strong>{data.title}</strong>}
            {data.body && <span>{data.body}</span>}
            {data.cta && <span className="ad-cta">{data.cta}</span>}
          </span>
        </a>
      )}
    </aside>
  );
}
