/**
 * The rules a person checks by looking, run in the page: what the journeys cannot see (they prove a
 * button works, not that it looks finished). One function, `visualProblems`, returns one line per
 * broken rule, so a test can show every problem of a page at once:
 *
 * - no horizontal scroll;
 * - every control a finger taps is at least 44 x 44 CSS px, or has the spacing of WCAG 2.5.8 (a 24 px
 *   circle on its centre meets no other target); a link inside a sentence is exempt, as in WCAG;
 * - on a phone, text inputs use at least 16 px type (smaller makes iOS zoom into the field);
 * - no button, text input or select left in the browser's default look: compared with the same
 *   element on a blank page of the same browser (font, background, border);
 * - nothing flush against the screen's edge: text and controls keep 4 px from the viewport's sides
 *   (content inside a horizontal scroller, such as a carousel, scrolls past the edge by design).
 */
import type { Browser, Page } from 'playwright-core';

/** Computed style of a control as the browser draws it with no author CSS. */
export interface DefaultLook {
  font: string;
  background: string;
  border: string;
}

export interface DefaultLooks {
  button: DefaultLook;
  input: DefaultLook;
  select: DefaultLook;
  textarea: DefaultLook;
}

/** The browser's own look of each control, read once from a blank page. */
export async function readDefaultLooks(browser: Browser): Promise<DefaultLooks> {
  const page = await browser.newPage();
  try {
    await page.setContent('<button>b</button><input type="text"><select><option>o</option></select><textarea></textarea>');
    return await page.evaluate(() => {
      const look = (selector: string) => {
        const s = getComputedStyle(document.querySelector(selector)!);
        return {
          font: `${s.fontSize} ${s.fontFamily}`,
          background: s.backgroundColor,
          border: `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`,
        };
      };
      return { button: look('button'), input: look('input'), select: look('select'), textarea: look('textarea') };
    });
  } finally {
    await page.close();
  }
}

export interface VisualRuleOptions {
  /** A phone's width, where text inputs must use 16 px type. */
  phone: boolean;
  defaults: DefaultLooks;
}

/** Every broken visual rule on the page as it is now, one line each (an empty list passes). */
export function visualProblems(page: Page, options: VisualRuleOptions): Promise<string[]> {
  return page.evaluate(({ phone, defaults }) => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const EDGE = 4;

    const describe = (el: Element): string => {
      const label =
        el.getAttribute('aria-label') ??
        ((el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
      return `<${el.tagName.toLowerCase()}${cls}>${label ? ` "${label}"` : ''}`;
    };
    const shown = (el: Element): boolean => {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      const r = el.getBoundingClientRect();
      // Visually hidden helpers (1 px, clipped, or moved off the screen, like a form's honeypot)
      // are for screen readers and robots, not for fingers or eyes.
      return r.width > 1 && r.height > 1 && r.right > 0 && r.left < vw;
    };
    const inScroller = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if ((o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') && p.scrollWidth > p.clientWidth + 1) return true;
      }
      return false;
    };

    // 1. No horizontal scroll.
    if (document.documentElement.scrollWidth > vw + 1) {
      problems.push(`horizontal scroll: the page is ${document.documentElement.scrollWidth} px wide in a ${vw} px viewport`);
    }

    // 2. Tap targets.
    const isInlineLink = (el: Element): boolean => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const parent = el.parentElement;
      if (!parent) return false;
      // A link in a sentence: its parent holds other words beside it.
      return Array.from(parent.childNodes).some((n) => n !== el && n.nodeType === Node.TEXT_NODE && n.textContent!.trim().length > 0);
    };
    const targetRect = (el: Element): DOMRect => {
      const input = el as HTMLInputElement;
      // A checkbox or radio is pressed through its label too: the label is the target a finger uses.
      if ((input.type === 'checkbox' || input.type === 'radio') && input.labels?.length) {
        const label = input.labels[0]!.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        const left = Math.min(label.left, box.left);
        const top = Math.min(label.top, box.top);
        return new DOMRect(left, top, Math.max(label.right, box.right) - left, Math.max(label.bottom, box.bottom) - top);
      }
      return el.getBoundingClientRect();
    };
    const targets = Array.from(document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]'))
      .filter((el) => shown(el) && !(el as HTMLInputElement).disabled && !isInlineLink(el));
    const rects = targets.map(targetRect);
    const distanceToRect = (x: number, y: number, r: DOMRect) => Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
    targets.forEach((el, i) => {
      const r = rects[i]!;
      if (r.width >= 44 && r.height >= 44) return;
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const crowded = targets.some((other, j) => {
        if (j === i || other.contains(el) || el.contains(other)) return false;
        const o = rects[j]!;
        const small = o.width < 44 || o.height < 44;
        // WCAG 2.5.8: the 24 px circles of two undersized targets do not meet, nor does one with a target.
        return small ? Math.hypot(o.left + o.width / 2 - cx, o.top + o.height / 2 - cy) < 24 : distanceToRect(cx, cy, o) < 12;
      });
      if (crowded) {
        problems.push(`tap target: ${describe(el)} is ${Math.round(r.width)} x ${Math.round(r.height)} px with another target within 12 px of its centre`);
      }
    });

    // 3 and 4. Text inputs on a phone; controls in the browser's default look.
    const textInput = (el: Element) =>
      el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || (el.tagName === 'INPUT' && ['text', 'email', 'tel', 'number', 'password', 'search', 'url', 'date', ''].includes((el as HTMLInputElement).type));
    const button = (el: Element) => el.tagName === 'BUTTON' || (el.tagName === 'INPUT' && ['submit', 'button', 'reset'].includes((el as HTMLInputElement).type));
    for (const el of targets) {
      const s = getComputedStyle(el);
      if (phone && textInput(el) && parseFloat(s.fontSize) < 16) problems.push(`small input text: ${describe(el)} uses ${s.fontSize} type on a phone (iOS zooms in below 16px)`);
      const kind = button(el) ? 'button' : el.tagName === 'SELECT' ? 'select' : el.tagName === 'TEXTAREA' ? 'textarea' : textInput(el) ? 'input' : undefined;
      if (!kind) continue;
      const d = defaults[kind];
      const same = [`${s.fontSize} ${s.fontFamily}` === d.font, s.backgroundColor === d.background, `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}` === d.border].filter(Boolean).length;
      if (same >= 2) problems.push(`default look: ${describe(el)} keeps the browser's own ${kind} style`);
    }

    // 5. Nothing flush against the screen's edge.
    const hasOwnText = (el: Element) => Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim().length > 0);
    const reported = new Set<Element>();
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!(targets.includes(el) || hasOwnText(el)) || !shown(el) || inScroller(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.right <= 0 || r.left >= vw || r.bottom <= 0) continue;
      if (r.left < EDGE || r.right > vw - EDGE) {
        // Report the outermost offender only.
        if (Array.from(reported).some((p) => p.contains(el))) continue;
        reported.add(el);
        problems.push(`flush with the edge: ${describe(el)} spans ${Math.round(r.left)}..${Math.round(r.right)} px of ${vw}`);
      }
    }
    return problems;
  }, options);
}
