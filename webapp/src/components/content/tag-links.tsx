import { Link } from 'react-router-dom';

/** An item's tags, each a link to its tag page. */
export function TagLinks({ tags, className = '' }: { tags: readonly string[] | undefined; className?: string }) {
  if (!tags || tags.length === 0) return null;
  return (
    <ul className={`tag-links ${className}`} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link className="tag-link" to={`/tags/${encodeURIComponent(tag)}`}>
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
