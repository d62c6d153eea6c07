/**
 * A page's cumulative layout shift, measured in Chromium as Lighthouse does: every 'layout-shift'
 * entry without recent input, buffered from the start. Lighthouse itself is not installable on this
 * closed network; the measure is the same browser API. The store keeps it at most CLS_BUDGET on the
 * pages that used to move (e2e/storefront-routes.e2e.ts): /order-samples once measured 0.64, its
 * sample form and cart arriving after the page and pushing it down.
 */
import type { Page } from 'playwright-core';

export const CLS_BUDGET = 0.05;

export interface LayoutShift {
  value: number;
  /** The elements that moved. */
  sources: string[];
}

/** The page's layout shifts so far, each with the elements that moved. */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(
    () =>
      new Promise<LayoutShift[]>((resolve) => {
        const seen: LayoutShift[] = [];
        const describe = (n: Node | null) => (n instanceof Element ? `<${n.tagName.toLowerCase()} class="${n.getAttribute('class') ?? ''}">` : String(n?.nodeName));
        const observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] })[]) {
            if (!e.hadRecentInput) seen.push({ value: e.value, sources: e.sources.map((s) => describe(s.node)) });
          }
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        // The buffered entries arrive in the observer's first task.
        setTimeout(() => {
          observer.disconnect();
          resolve(seen);
        }, 0);
      }),
  );
}

/** The shifts' sum: the page's CLS. */
export const cumulativeShift = (shifts: LayoutShift[]) => shifts.reduce((sum, s) => sum + s.value, 0);
