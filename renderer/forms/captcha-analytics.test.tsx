// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import { promotionalLinkPath, trackPromotionalLinks } from './analytics';
import { FormBlock } from './FormBlock';
import { RECAPTCHA_SCRIPT_URL, resetRecaptchaLoader } from '../../widgets/forms/recaptcha-script';

type Win = { dataLayer?: Record<string, unknown>[]; grecaptcha?: unknown; __showroomRecaptchaLoaded?: () => void };
const win = window as unknown as Win;

beforeEach(() => {
  win.dataLayer = [];
  resetRecaptchaLoader();
  delete win.grecaptcha;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});
afterEach(cleanup);

const form: FormDefinition = { name: 'quick', googleReCaptcha: true, fields: [{ name: 'email', type: 'email', label: 'E-mail', required: true }] };
const plain: FormDefinition = { name: 'plain', fields: [{ name: 'email', type: 'email', label: 'E-mail' }] };

describe('reCAPTCHA with a site key', () => {
  it('loads the script only for a captcha form, runs the invisible challenge on submit, sends its token once', async () => {
    render(<FormBlock form={plain} options={{ recaptchaSiteKey: 'site-key' }} />);
    expect(document.querySelector('script[src^="https://www.google.com/recaptcha/api.js"]')).toBeNull();
    cleanup();

    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, data: { id: '1' } })));
    const { container } = render(<FormBlock form={form} options={{ recaptchaSiteKey: 'site-key' }} fetch={fetch} />);
    const script = document.querySelector<HTMLScriptElement>('script[src^="https://www.google.com/recaptcha/api.js"]')!;
    expect(script.src).toBe(`${RECAPTCHA_SCRIPT_URL}?onload=__showroomRecaptchaLoaded&render=explicit`);
    expect(screen.queryByLabelText(/test captcha/)).toBeNull();

    let params: Record<string, unknown> = {};
    const grecaptcha = {
      render: vi.fn((_el: HTMLElement, p: Record<string, unknown>) => {
        params = p;
        return 7;
      }),
      execute: vi.fn(() => (params.callback as (t: string) => void)('google-token')),
      reset: vi.fn(),
    };
    win.grecaptcha = grecaptcha;
    await act(async () => win.__showroomRecaptchaLoaded!());
    expect(params).toMatchObject({ sitekey: 'site-key', size: 'invisible' });

    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'a@b.co' } });
    await act(async () => {
      fireEvent.submit(container.querySelector('form')!);
    });
    expect(grecaptcha.execute).toHaveBeenCalledWith(7);
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toMatchObject({ recaptchaToken: 'google-token' });
    expect(grecaptcha.reset).toHaveBeenCalledWith(7);
  });

  it("says 'Please complete the reCAPTCHA verification' when the challenge fails", async () => {
    const fetch = vi.fn();
    const { container } = render(<FormBlock form={form} options={{ recaptchaSiteKey: 'site-key' }} fetch={fetch} />);
    let params: Record<string, unknown> = {};
    win.grecaptcha = {
      render: (_el: HTMLElement, p: Record<string, unknown>) => ((params = p), 1),
      execute: () => (params['error-callback'] as () => void)(),
      reset: () => {},
    };
    await act(async () => win.__showroomRecaptchaLoaded!());
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'a@b.co' } });
    await act(async () => {
      fireEvent.submit(container.querySelector('form')!);
    });
    expect(screen.getByText('Please complete the reCAPTCHA verification')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('analytics', () => {
  it('pushes the form event on the submit click, tagged as a guest', async () => {
    const { container } = render(<FormBlock form={{ ...plain, config: { analyticsEvent: 'FKD_form_click' } }} fetch={vi.fn(async () => new Response('{}'))} />);
    await act(async () => {
      fireEvent.submit(container.querySelector('form')!);
    });
    expect(win.dataLayer).toEqual([{ event: 'FKD_form_click', form_name: 'plain', user_type: 'guest' }]);
  });

  it('tracks clicks on the promotional links, and only those', () => {
    const stop = trackPromotionalLinks(document);
    render(
      <div>
        <a href="/free-kitchen-design">Free design</a>
        <a href="/order-samples/">Samples</a>
        <a href={`${window.location.origin}/book-appointment?from=header`}>
          <span>Book</span>
        </a>
        <a href="/about-us">About</a>
        <a href="https://elsewhere.example/order-samples">Elsewhere</a>
      </div>,
    );
    for (const name of ['Free design', 'Samples', 'Book', 'About', 'Elsewhere']) {
      const el = screen.getByText(name);
      el.closest('a')!.addEventListener('click', (e) => e.preventDefault());
      fireEvent.click(el);
    }
    expect(win.dataLayer!.map((e) => e.link_path)).toEqual(['/free-kitchen-design', '/order-samples', '/book-appointment']);
    expect(win.dataLayer![0]).toMatchObject({ event: 'promotional_link_click' });
    stop();
  });

  it('reads promotional paths from hrefs', () => {
    expect(promotionalLinkPath('/order-samples#x', 'https://shop.example')).toBe('/order-samples');
    expect(promotionalLinkPath('mailto:a@b.co', 'https://shop.example')).toBeNull();
  });
});
