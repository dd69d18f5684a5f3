import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useAd, type AdContext, type AdSlotName } from '../lib/ads';

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

/** A house card's text; links inside the site stay in the tab, others open a new one. */
function CardLink({ href, children }: { href: string; children: React.ReactNode }) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link className="ad-card" to={href}>
        {children}
      </Link>
    );
  }
  return (
    <a className="ad-card" href={href || '#'} target="_blank" rel="noopener sponsored">
      {children}
    </a>
  );
}

/**
 * Banner (728x90), sidebar (300x250) and feed blocks from GET /api/ads/{slot}; 204 shows nothing
 * (an empty sidebar then closes its column). `context` asks for ads about the page's story.
 */
export function AdSlot({ slot, index, context, className = '' }: { slot: AdSlotName; index?: number; context?: AdContext; className?: string }) {
  const { data } = useAd(slot, index, context);
  if (!data) return null;
  const size = { maxWidth: data.width ? `${data.width}px` : undefined, minHeight: data.height ? `${data.height}px` : undefined };
  const label = data.label || 'Advertisement';
  return (
    <aside className={`ad ad-${slot} ${data.kind === 'house' ? 'ad-house' : ''} ${className}`} aria-label={label} style={size}>
      <span className="ad-label">{label}</span>
      {data.html ? (
        <ScriptAd html={data.html} />
      ) : (
        <CardLink href={data.href || '#'}>
          {data.image && <img src={data.image} alt={data.title ? `${label}: ${data.title}` : label} loading="lazy" />}
          <span className="ad-text">
            {data.title && <strong>{data.title}</strong>}
            {data.body && <span>{data.body}</span>}
            {data.cta && <span className="ad-cta">{data.cta}</span>}
          </span>
        </CardLink>
      )}
    </aside>
  );
}
