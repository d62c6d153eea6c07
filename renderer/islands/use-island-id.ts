/**
 * Element ids that agree between the server and the browser under islands.
 *
 * React's useId derives an id from a component's place in the whole tree, and Preact's restarts at
 * every root: the server renders the whole page as one tree, the browser renders each island as its
 * own root, so neither would match (and Preact's would repeat across islands). Inside an island, an
 * id is instead the island's id plus a counter, taken once per component in render order, which is
 * the same order on the server and in the browser whichever library renders.
 */
import { createContext, useContext, useId, useState } from 'react';

export interface IdScope {
  prefix: string;
  next: number;
}

export const IdScopeContext = createContext<IdScope | null>(null);

export function newIdScope(islandId: string): IdScope {
  return { prefix: islandId, next: 0 };
}

export function useIslandId(): string {
  const outside = useId();
  const scope = useContext(IdScopeContext);
  const [id] = useState(() => (scope ? `${scope.prefix}-${scope.next++}` : outside));
  return id;
}
