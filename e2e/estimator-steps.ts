/**
 * The estimator's Next, as a visitor uses it: Next opens the following section and, a moment later
 * (SCROLL_DELAY_MS), scrolls it to the top. A visitor reads the section once it is there; a click
 * sent while the page is still moving lands where the option was a moment ago, on something else.
 * So the step waits until the section has arrived (its top at the viewport's top, or the page
 * scrolled as far as it goes) before the journey goes on. A popup section does not scroll.
 */
import type { Locator } from 'playwright-core';
import { SCROLL_DELAY_MS } from '../widgets/estimator/Estimator';

/** Clicks `next` (a section's Next button) and waits for the estimator `root`'s section `section` to arrive. */
export async function nextSection(next: Locator, root: Locator, section: string): Promise<void> {
  await next.click();
  await root.locator(`[data-section="${section}"]`).evaluate(
    (el, delayMs) =>
      new Promise<void>((arrived) => {
        const start = performance.now();
        const there = () => Math.abs(el.getBoundingClientRect().top) < 1 || Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
        // Not before the scroll was due: until then the section may be where it was.
        const look = () => (performance.now() - start > delayMs && there() ? arrived() : requestAnimationFrame(look));
        look();
      }),
    SCROLL_DELAY_MS,
  );
}
