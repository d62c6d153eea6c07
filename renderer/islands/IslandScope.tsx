/**
 * What every island root provides, on the server (inside the whole page) and in the browser (as its
 * own root) alike: its id scope (./use-island-id.ts) and the page view its props carry. Giving both
 * sides the same providers is what makes the island's HTML the same on both.
 */
import { useState, type ReactNode } from 'react';
import { PageViewContext, type PageView } from '../page-context';
import { IdScopeContext, newIdScope } from './use-island-id';

export function IslandScope({ id, page, children }: { id: string; page: PageView | undefined; children: ReactNode }) {
  const [scope] = useState(() => newIdScope(id));
  return (
    <IdScopeContext.Provider value={scope}>
      <PageViewContext.Provider value={page ?? null}>{children}</PageViewContext.Provider>
    </IdScopeContext.Provider>
  );
}
