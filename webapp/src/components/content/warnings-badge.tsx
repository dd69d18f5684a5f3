import { Badge } from '../ui/badge';

/**
 * A feed card's content warnings, in its badge row (the page shows them again before the text,
 * with a click-through). Read from the keys ("animal-death": "animal death"): a card asks nothing more.
 */
export function WarningsBadge({ warnings }: { warnings: readonly string[] | undefined }) {
  if (!warnings || warnings.length === 0) return null;
  const named = warnings.map((key) => key.replace(/-/g, ' ')).join(', ');
  return (
    <Badge variant="warning" title={`Content warnings: ${named}`}>
      CW: {named}
    </Badge>
  );
}
