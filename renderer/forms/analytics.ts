/**
 * Analytics pushes: the form events form_submit_click, FKD_form_click and
 * get_in_touch_click, and clicks on the promotional links, go to `window.dataLayer` (Google Tag
 * Manager's queue) tagged as a guest. Nothing is sent anywhere by this code itself.
 */
import type { FormDefinition } from '../../schemas/forms/form.schema';

export const DEFAULT_FORM_EVENT = 'form_submit_click';
export const PROMOTIONAL_LINK_EVENT = 'promotional_link_click';
/** The promotional links whose clicks are tracked. */
export const PROMOTIONAL_LINKS = ['/free-kitchen-design', '/order-samples', '/book-appointment'] as const;

type DataLayerWindow = { dataLayer?: Record<string, unknown>[] };

export function pushAnalytics(event: string, data: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  const w = window as unknown as DataLayerWindow;
  (w.dataLayer ??= []).push({ event, ...data });
}

/** The form's submit click: its configured event (e.g. FKD_form_click), else form_submit_click. */
export function trackFormSubmitClick(form: Pick<FormDefinition, 'name' | 'config'>): void {
  pushAnalytics(form.config?.analyticsEvent ?? DEFAULT_FORM_EVENT, { form_name: form.name, user_type: 'guest' });
}

/** The promotional path a link goes to (same site only), or null. */
export function promotionalLinkPath(href: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  return (PROMOTIONAL_LINKS as readonly string[]).includes(path) ? path : null;
}

export function trackPromotionalLink(path: string): void {
  pushAnalytics(PROMOTIONAL_LINK_EVENT, { link_path: path, user_type: 'guest' });
}

/**
 * One delegated click listener for the whole page: a click on a link to a promotional path is
 * pushed to the dataLayer. Plain DOM, no component: the page's entry starts it once, so every page
 * tracks its links without an island. Returns the function that stops it.
 */
export function trackPromotionalLinks(root: Document): () => void {
  const onClick = (e: MouseEvent) => {
    const link = (e.target as Element | null)?.closest?.('a[href]');
    if (!link) return;
    const path = promotionalLinkPath(link.getAttribute('href') ?? '', root.location.origin);
    if (path) trackPromotionalLink(path);
  };
  root.addEventListener('click', onClick, true);
  return () => root.removeEventListener('click', onClick, true);
}
