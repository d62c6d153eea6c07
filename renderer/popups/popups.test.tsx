// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import type { PopupDefinition } from '../../schemas/forms/popup.schema';
import { hasPopupCookie, popupCookie, popupCookieName, popupCookieSeconds } from './popup-cookie';
import { watchPopupTriggers } from './popup-triggers';
import { PopupHost } from './PopupHost';

const demo = <T,>(folder: string, name: string): T => JSON.parse(fs.readFileSync(path.join(process.cwd(), 'examples/site', folder, `${name}.json`), 'utf8')) as T;
const newsletterPopup = demo<PopupDefinition>('popups', 'newsletter');
const forms = { newsletter: demo<FormDefinition>('forms', 'newsletter') };

const clearCookie = (name: string) => (document.cookie = `${popupCookieName(name)}=; Max-Age=0; Path=/`);

function scrollTo(percent: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 3000 });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 1000 });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: (2000 * percent) / 100 });
  window.dispatchEvent(new Event('scroll'));
}

/** Runs the fake clock, then lets the lazily imported popup module resolve and render. */
async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
  await act(async () => {
    await import('./Popup');
  });
  await act(async () => {});
}

function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  vi.useFakeTimers();
  setReducedMotion(false);
  clearCookie('newsletter');
  clearCookie('promo');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('popup cookie expiry', () => {
  it('reads s, m, h, d and w; defaults to 24 hours', () => {
    expect(popupCookieSeconds('30s')).toBe(30);
    expect(popupCookieSeconds('5m')).toBe(300);
    expect(popupCookieSeconds('1.5h')).toBe(5400);
    expect(popupCookieSeconds('7d')).toBe(604_800);
    expect(popupCookieSeconds('2w')).toBe(1_209_600);
    expect(popupCookieSeconds(undefined)).toBe(86_400);
    expect(popupCookieSeconds('soon')).toBe(86_400);
    expect(popupCookie('newsletter', '7d')).toBe('showroom_popup_newsletter=1; Max-Age=604800; Path=/; SameSite=Lax');
    expect(hasPopupCookie('a=1; showroom_popup_newsletter=1', 'newsletter')).toBe(true);
    expect(hasPopupCookie('showroom_popup_newsletter-2=1', 'newsletter')).toBe(false);
  });

  it('the browser drops the cookie when it expires', () => {
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    document.cookie = popupCookie('promo', '10m');
    expect(hasPopupCookie(document.cookie, 'promo')).toBe(true);
    vi.setSystemTime(new Date('2026-01-01T00:10:01Z'));
    expect(hasPopupCookie(document.cookie, 'promo')).toBe(false);
  });
});

describe('popup triggers', () => {
  it('fires after the delay, once', () => {
    const onShow = vi.fn();
    watchPopupTriggers({ delay: '20s' }, onShow);
    vi.advanceTimersByTime(19_999);
    expect(onShow).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    scrollTo(90);
    expect(onShow).toHaveBeenCalledTimes(1);
  });

  it('fires past the scroll percentage (default 50)', () => {
    const onShow = vi.fn();
    const stop = watchPopupTriggers({ onScroll: true }, onShow);
    scrollTo(49);
    expect(onShow).not.toHaveBeenCalled();
    scrollTo(50);
    expect(onShow).toHaveBeenCalledTimes(1);
    stop();
    const other = vi.fn();
    watchPopupTriggers({ scrollPercentage: 80 }, other);
    scrollTo(70);
    expect(other).not.toHaveBeenCalled();
    scrollTo(81);
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('fires when the mouse leaves the page at the top (exit intent)', () => {
    const onShow = vi.fn();
    watchPopupTriggers({ exitIntent: true }, onShow);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 200 }));
    expect(onShow).not.toHaveBeenCalled();
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0 }));
    expect(onShow).toHaveBeenCalledTimes(1);
  });

  it('shows at once without a trigger, and stops listening when stopped', () => {
    const onShow = vi.fn();
    watchPopupTriggers(undefined, onShow);
    vi.advanceTimersByTime(0);
    expect(onShow).toHaveBeenCalledTimes(1);
    const never = vi.fn();
    const stop = watchPopupTriggers({ delay: '1s', exitIntent: true }, never);
    stop();
    vi.advanceTimersByTime(5000);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0 }));
    expect(never).not.toHaveBeenCalled();
  });
});

describe('PopupHost', () => {
  const promo: PopupDefinition = {
    name: 'promo',
    title: 'Spring sale',
    description: 'Ten percent off samples.',
    layout: 'center',
    show: { delay: '5s' },
    components: [{ type: 'action', action: { text: 'Order samples', path: '/order-samples' } }],
  };

  it('renders nothing until the trigger fires, then a labelled modal dialog with focus inside', async () => {
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    render(<PopupHost popups={[promo]} forms={{}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(5000);
    const dialog = screen.getByRole('dialog', { name: 'Spring sale' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect((dialog.closest('.sp-popup-backdrop') as HTMLElement).style.getPropertyValue('--sp-z')).toBe('9999');

    fireEvent.keyDown(document, { key: 'Escape' });
    await advance(300);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('keeps Tab inside the popup', async () => {
    render(<PopupHost popups={[promo]} forms={{}} />);
    await advance(5000);
    const link = screen.getByRole('link', { name: 'Order samples' });
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(link);
    close.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(link);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(close);
  });

  it('closes on a backdrop click and on the close button, not on a click inside', async () => {
    render(<PopupHost popups={[promo]} forms={{}} />);
    await advance(5000);
    fireEvent.click(screen.getByText('Ten percent off samples.'));
    await advance(300);
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('dialog').parentElement!);
    await advance(300);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('auto-closes after 10 s by default, fading for 300 ms; at once with reduced motion', async () => {
    render(<PopupHost popups={[promo]} forms={{}} />);
    await advance(5000);
    await advance(9_999);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await advance(1);
    expect(document.querySelector('.sp-popup-backdrop--closing')).toBeTruthy();
    await advance(299);
    expect(screen.queryByRole('dialog')).toBeTruthy();
    await advance(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    cleanup();
    setReducedMotion(true);
    render(<PopupHost popups={[{ ...promo, autoClose: '3s' }]} forms={{}} />);
    await advance(5000);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await advance(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the newsletter popup: image-content layout, shows on scroll, closed by Esc, not again until its cookie expires', async () => {
    const { unmount } = render(<PopupHost popups={[newsletterPopup]} forms={forms} />);
    scrollTo(60);
    await advance(0);
    const dialog = screen.getByRole('dialog', { name: 'Get 10% off your first sample order' });
    expect(dialog.classList.contains('sp-popup--image-content')).toBe(true);
    expect(screen.getByRole('img', { name: /bright kitchen/ })).toBeTruthy();
    expect(screen.getByLabelText(/^E-mail/)).toBe(document.activeElement);
    expect(document.cookie).toContain('showroom_popup_newsletter=1');
    await advance(60_000); // autoClose false: it stays
    fireEvent.keyDown(document, { key: 'Escape' });
    await advance(300);
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    // The next page: the cookie keeps it away.
    render(<PopupHost popups={[newsletterPopup]} forms={forms} />);
    scrollTo(90);
    await advance(60_000);
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0 }));
    await advance(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes 5 s after its form was sent', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, message: 'Check your inbox to confirm', data: { id: '1' }, newsletter: { confirmationRequired: true, message: 'Check your inbox to confirm' } }))));
    render(<PopupHost popups={[{ ...newsletterPopup, show: { delay: '1s' } }]} forms={forms} />);
    await advance(1000);
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ann@example.com' } });
    // The newsletter form e-mails the typed address (the confirmation link), so it has the captcha.
    fireEvent.click(screen.getByLabelText('I am not a robot (test captcha)'));
    await act(async () => {
      fireEvent.submit(screen.getByRole('dialog').querySelector('form')!);
    });
    expect(screen.getByText('Check your inbox to confirm')).toBeTruthy();
    await advance(4_999);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await advance(1 + 300);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
