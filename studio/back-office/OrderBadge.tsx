/** A status as a word in a coloured pill: the word carries the meaning, the colour only helps. */
import type { Badge } from './order-format';

export function OrderBadge({ badge }: { badge: Badge }) {
  return <span className={`badge order-badge order-badge--${badge.tone}`}>{badge.label}</span>;
}
