/**
 * When a popup shows: after a delay, once the visitor has scrolled past a
 * percentage of the page, or when the mouse leaves the page towards the browser bar (exit intent),
 * whichever comes first; without any trigger, at once. Fires once, then stops listening.
 */
import { parseTimeString } from '../../schemas/evaluators/time-string';
import { POPUP_DEFAULTS, type PopupDefinition } from '../../schemas/forms/popup.schema';

export type PopupShow = PopupDefinition['show'];

/** How far down the page the visitor has scrolled, 0-100. */
export function scrolledPercent(win: Window): number {
  const max = win.document.documentElement.scrollHeight - win.innerHeight;
  if (max <= 0) return 100;
  return Math.min(100, (win.scrollY / max) * 100);
}

/** Starts watching; returns the function that stops. `onShow` is called at most once. */
export function watchPopupTriggers(show: PopupShow, onShow: () => void, win: Window = window): () => void {
  const s = show ?? {};
  const stops: (() => void)[] = [];
  let fired = false;
  const stop = () => stops.splice(0).forEach((f) => f());
  const fire = () => {
    if (fired) return;
    fired = true;
    stop();
    onShow();
  };

  const onScroll = s.onScroll === true || s.scrollPercentage !== undefined;
  const hasTrigger = s.delay !== undefined || onScroll || s.exitIntent === true;

  if (s.delay !== undefined || !hasTrigger) {
    const timer = setTimeout(fire, s.delay !== undefined ? parseTimeString(s.delay, '0s') : 0);
    stops.push(() => clearTimeout(timer));
  }
  if (onScroll) {
    const threshold = s.scrollPercentage ?? POPUP_DEFAULTS.scrollPercentage;
    // Only a real scroll counts: a page too short to scroll never shows a scroll popup by itself.
    const listener = () => {
      if (scrolledPercent(win) >= threshold) fire();
    };
    win.addEventListener('scroll', listener, { passive: true });
    stops.push(() => win.removeEventListener('scroll', listener));
  }
  if (s.exitIntent) {
    const listener = (e: MouseEvent) => {
      if (!e.relatedTarget && e.clientY <= 0) fire();
    };
    win.document.addEventListener('mouseout', listener);
    stops.push(() => win.document.removeEventListener('mouseout', listener));
  }
  return stop;
}
