// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import { FormBlock } from './FormBlock';
import { progressKey } from '../../widgets/forms/form-progress';

const demoForm = (name: string): FormDefinition =>
  JSON.parse(fs.readFileSync(path.join(process.cwd(), 'examples/site/forms', `${name}.json`), 'utf8')) as FormDefinition;

type Answer = { status?: number; body: unknown };
function fakeFetch(...answers: Answer[]) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    const a = answers.shift() ?? { body: { success: true, message: 'ok', data: { id: 'sub-1', token: 'tok' } } };
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
}
const sentJson = (f: ReturnType<typeof fakeFetch>, call = 0) => JSON.parse(String(f.mock.calls[call]![1]!.body)) as Record<string, unknown>;

async function submit(container: HTMLElement) {
  await act(async () => {
    fireEvent.submit(container.querySelector('form')!);
  });
}

beforeEach(() => {
  localStorage.clear();
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = [];
});
afterEach(cleanup);

describe('FormBlock: the contact form', () => {
  it('labels every input and ties nothing to errors before a submit', () => {
    render(<FormBlock form={demoForm('contact')} />);
    for (const label of ['First name', 'Last name', 'E-mail', 'Phone', 'What is it about?', 'Message', 'Send me design ideas and offers (about twice a month)']) {
      expect(screen.getByLabelText(new RegExp(`^${label.replace(/[()?]/g, '\\$&')}`), { selector: 'input:not([type=radio]), select, textarea' })).toBeTruthy();
    }
    expect(screen.getByRole('radiogroup', { name: 'Best way to reach you' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^What is it about/), { target: { value: 'samples' } });
    expect(screen.queryByLabelText('Order number')).toBeNull(); // hidden unless the topic may be an existing order
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('refuses an empty submit with the spec messages and focuses the first invalid field', async () => {
    const fetch = fakeFetch();
    const { container } = render(<FormBlock form={demoForm('contact')} fetch={fetch} />);
    await submit(container);
    const first = screen.getByLabelText(/^First name/);
    expect(document.activeElement).toBe(first);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    const errorEl = document.getElementById(first.getAttribute('aria-describedby')!)!;
    expect(errorEl.textContent).toBe('This field is required');
    expect(errorEl.getAttribute('role')).toBe('alert');
    expect(screen.getAllByText('This field is required')).toHaveLength(5); // first, last, e-mail, topic, message
    expect(fetch).not.toHaveBeenCalled();
    expect((window as unknown as { dataLayer: unknown[] }).dataLayer).toEqual([{ event: 'get_in_touch_click', form_name: 'contact', user_type: 'guest' }]);
  });

  it('shows minLength and e-mail messages once a field is left', () => {
    render(<FormBlock form={demoForm('contact')} />);
    const first = screen.getByLabelText(/^First name/);
    fireEvent.change(first, { target: { value: 'A' } });
    expect(screen.queryByText('First name seems too short')).toBeNull();
    fireEvent.blur(first);
    expect(screen.getByText('First name seems too short')).toBeTruthy();
    const email = screen.getByLabelText(/^E-mail/, { selector: 'input[type=email]' });
    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.blur(email);
    expect(screen.getByText('Invalid email address')).toBeTruthy();
  });

  it('shows the order number for an existing order, digits only; the Phone option appears with a phone', () => {
    render(<FormBlock form={demoForm('contact')} />);
    fireEvent.change(screen.getByLabelText(/^What is it about/), { target: { value: 'existing-order' } });
    const order = screen.getByLabelText('Order number') as HTMLInputElement;
    fireEvent.change(order, { target: { value: '12' } });
    fireEvent.change(order, { target: { value: '12a' } });
    expect(order.value).toBe('12');
    expect(screen.queryByLabelText('Phone', { selector: 'input[type=radio]' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Phone/, { selector: 'input[type=tel]' }), { target: { value: '5551234567' } });
    expect(screen.getByLabelText('Phone', { selector: 'input[type=radio]' })).toBeTruthy();
  });

  it('asks for the captcha, then sends JSON with the honeypot and token, and shows the Thank you! panel', async () => {
    const fetch = fakeFetch({ body: { success: true, message: 'Saved', data: { id: '42' } } });
    const { container } = render(<FormBlock form={demoForm('contact')} fetch={fetch} />);
    const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^First name/, 'Ann');
    type(/^Last name/, 'Lee');
    fireEvent.change(screen.getByLabelText(/^E-mail/, { selector: 'input[type=email]' }), { target: { value: 'ann@example.com' } });
    type(/^What is it about/, 'samples');
    type(/^Message/, 'I would like three door samples.');
    await submit(container);
    expect(screen.getByText('Please complete the reCAPTCHA verification')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('I am not a robot (test captcha)'));
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(screen.getByLabelText('I am not a robot (test captcha)'));
    await submit(container);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/forms/contact');
    const body = sentJson(fetch);
    // The server's envelope (docs/forms-api.md): the values under formData, the control keys beside them, nothing else.
    expect(Object.keys(body).sort()).toEqual(['formData', 'honeypot', 'recaptchaToken']);
    expect(body).toMatchObject({ honeypot: '', recaptchaToken: 'test-pass' });
    expect(body.formData).toMatchObject({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', topic: 'samples', contactBy: 'email', source: 'contact-page' });
    expect(body.formData).not.toHaveProperty('orderNumber');
    const panel = container.querySelector('.sf-thank-you') as HTMLElement;
    expect(within(panel).getByText('Thank you!')).toBeTruthy();
    expect(within(panel).getByText('We have received your message. Our Team will contact you soon.')).toBeTruthy();
    expect(document.activeElement).toBe(panel);
  });

  it('renders the honeypot out of sight and out of reach', () => {
    const { container } = render(<FormBlock form={demoForm('contact')} />);
    // Not `website`: become-dealer has a real field of that name.
    const hp = container.querySelector('input[name="honeypot"]') as HTMLInputElement;
    expect(hp.tabIndex).toBe(-1);
    expect(hp.getAttribute('autocomplete')).toBe('off');
    expect(hp.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(hp.closest('.sf-honeypot')).toBeTruthy();
  });
});

describe('FormBlock: sending', () => {
  const simple: FormDefinition = {
    name: 'simple',
    fields: [{ name: 'email', type: 'email', label: 'E-mail', required: true }],
    buttons: { submit: { text: 'Send' } },
  };

  it('disables submit with a loader while sending, shows the message for 5 seconds, then resets', async () => {
    vi.useFakeTimers();
    try {
      let answer!: (r: Response) => void;
      const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
      const { container } = render(<FormBlock form={simple} fetch={fetch} />);
      fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'a@b.co' } });
      await submit(container);
      const button = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(button.querySelector('.sf-spinner')).toBeTruthy();
      expect(container.querySelector('form')!.getAttribute('aria-busy')).toBe('true');
      await act(async () => answer(new Response(JSON.stringify({ success: true, message: 'Got it', data: { id: '1' } }))));
      expect(screen.getByRole('status').textContent).toBe('Got it');
      expect(button.disabled).toBe(false);
      expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('');
      act(() => void vi.advanceTimersByTime(5000));
      expect(screen.queryByText('Got it')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("puts the server's field messages under the fields and focuses the first", async () => {
    const fetch = fakeFetch({ status: 400, body: { error: 'validation', message: 'Please fix the marked fields', fields: { email: 'Invalid email address' } } });
    const { container } = render(<FormBlock form={simple} fetch={fetch} />);
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'a@b.co' } });
    await submit(container);
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Please fix the marked fields')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^E-mail/));
  });

  it("falls back to 'Something went wrong. Plase try again later.' on a network failure", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('offline');
    });
    const { container } = render(<FormBlock form={simple} fetch={fetch} />);
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'a@b.co' } });
    await submit(container);
    expect(screen.getByText('Something went wrong. Plase try again later.')).toBeTruthy();
  });

  it('sends multipart when a file is attached; the file part carries the file', async () => {
    const form: FormDefinition = { name: 'up', fields: [{ name: 'doc', type: 'file', label: 'Document', required: true, maxFiles: 2 }] };
    const fetch = fakeFetch();
    const { container } = render(<FormBlock form={form} fetch={fetch} />);
    const file = new File(['hello'], 'plan.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText(/^Document/), { target: { files: [file] } });
    expect(screen.getByText('plan.pdf')).toBeTruthy();
    await submit(container);
    const body = fetch.mock.calls[0]![1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('doc') as File).name).toBe('plan.pdf');
    expect(body.get('honeypot')).toBe('');
    // formData first (the server reads the values before the files), as JSON text without the files.
    expect([...body.keys()][0]).toBe('formData');
    expect(JSON.parse(String(body.get('formData')))).toEqual({});
  });
});

describe('FormBlock: file fields', () => {
  it("refuses a 3 MB photo with the spec's message, drops extra files, refuses wrong types", () => {
    const form: FormDefinition = { name: 'photo', fields: [{ name: 'photos', type: 'file', label: 'Photos', maxFiles: 2, fileTypes: ['.jpg', '.png'] }] };
    render(<FormBlock form={form} />);
    const input = screen.getByLabelText(/^Photos/);
    const jpg = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [jpg('big.jpg', 3 * 1024 * 1024)] } });
    expect(screen.getByText('File is too large, maximum allowed size is 2MB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove big.jpg' }));
    expect(screen.queryByText('File is too large, maximum allowed size is 2MB')).toBeNull();
    fireEvent.change(input, { target: { files: [jpg('a.jpg'), jpg('b.jpg'), jpg('c.jpg')] } });
    expect(screen.getByText('a.jpg')).toBeTruthy();
    expect(screen.getByText('b.jpg')).toBeTruthy();
    expect(screen.queryByText('c.jpg')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove b.jpg' }));
    fireEvent.change(input, { target: { files: [new File(['x'], 'virus.exe', { type: 'application/x-msdownload' })] } });
    expect(screen.getByText('File format is not supported')).toBeTruthy();
    expect(screen.queryByText('virus.exe')).toBeNull();
  });

  it('the claim form keeps photos to the default 2 MB each', () => {
    render(<FormBlock form={demoForm('claim')} />);
    const input = screen.getByLabelText(/^Photos of the damage/);
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(3 * 1024 * 1024)], 'box.jpg', { type: 'image/jpeg' })] } });
    expect(screen.getByText('File is too large, maximum allowed size is 2MB')).toBeTruthy();
  });
});

describe('FormBlock: re-renders per keystroke', () => {
  it('renders only the field typed in, once per keystroke, in a 60-field form', () => {
    const fields = Array.from({ length: 60 }, (_, i) => ({ name: `f${i}`, type: 'text' as const, label: `Field ${i}`, required: i % 2 === 0 }));
    const renders: string[] = [];
    render(<FormBlock form={{ name: 'big', fields }} onFieldRender={(n) => renders.push(n)} />);
    expect(renders).toHaveLength(60);
    renders.length = 0;
    const input = screen.getByLabelText(/^Field 30/);
    for (const text of ['H', 'He', 'Hel', 'Hell', 'Hello']) fireEvent.change(input, { target: { value: text } });
    expect(renders).toEqual(['f30', 'f30', 'f30', 'f30', 'f30']);
  });

  it('renders the fields that read the typed field too, and only those', () => {
    const renders: string[] = [];
    render(<FormBlock form={demoForm('contact')} onFieldRender={(n) => renders.push(n)} />);
    renders.length = 0;
    fireEvent.change(screen.getByLabelText(/^Phone/, { selector: 'input[type=tel]' }), { target: { value: '5' } });
    expect(renders.sort()).toEqual(['contactBy', 'phone']);
    renders.length = 0;
    fireEvent.change(screen.getByLabelText(/^Phone/, { selector: 'input[type=tel]' }), { target: { value: '55' } });
    expect(renders).toEqual(['phone']);
  });
});

describe('FormBlock: the free-kitchen-design form (multi-step)', () => {
  const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('walks its steps with padded numbers, sends each step, carries the id; the captcha only starts it', async () => {
    const fetch = fakeFetch(
      { body: { success: true, data: { id: 'sub-5', token: 'cont-1' } } },
      { body: { success: true, data: { id: 'sub-5' } } },
      { body: { success: true, message: 'Done', data: { id: 'sub-5' } } },
    );
    const { container } = render(<FormBlock form={demoForm('free-kitchen-design')} fetch={fetch} />);
    expect([...container.querySelectorAll('.sf-steps__number')].map((e) => e.textContent)).toEqual(['01', '02', '03']);
    expect(container.querySelector('[aria-current="step"]')!.textContent).toContain('About you');

    await submit(container);
    expect(document.activeElement).toBe(screen.getByLabelText(/^First name/));
    expect(fetch).not.toHaveBeenCalled();
    fill(/^First name/, 'Ann');
    fill(/^Last name/, 'Lee');
    fill(/^E-mail/, 'ann@example.com');
    fill(/^Phone/, '5551234567');
    fill(/^ZIP code/, '30301');
    fireEvent.click(screen.getByLabelText('I am not a robot (test captcha)'));
    await submit(container);
    expect(sentJson(fetch, 0)).toMatchObject({ step: 0, formData: { firstName: 'Ann', zip: '30301' }, recaptchaToken: 'test-pass' });
    expect(sentJson(fetch, 0)).not.toHaveProperty('id');
    expect(screen.getByRole('heading', { name: /Your kitchen/ })).toBe(document.activeElement);
    expect(JSON.parse(localStorage.getItem(progressKey('free-kitchen-design'))!)).toMatchObject({ step: 1, id: 'sub-5' });

    fireEvent.click(screen.getByLabelText('Remodel of an existing kitchen'));
    fill(/^Layout/, 'galley');
    const styles = screen.getByLabelText(/^Door styles/) as HTMLSelectElement;
    styles.options[0]!.selected = true;
    fireEvent.change(styles);
    fireEvent.click(screen.getByLabelText('Not yet'));
    expect(screen.queryByLabelText(/^Floor plan/)).toBeNull();
    // The submission has its id: later steps prove themselves with its token, not the captcha.
    expect(screen.queryByLabelText('I am not a robot (test captcha)')).toBeNull();
    await submit(container);
    expect(fetch.mock.calls[1]![1]!.headers).toMatchObject({ Authorization: 'Bearer cont-1' });
    expect(sentJson(fetch, 1)).toMatchObject({ step: 1, id: 'sub-5', formData: { projectType: 'remodel', styles: ['shaker'], hasMeasurements: 'no' } });
    expect(sentJson(fetch, 1)).not.toHaveProperty('recaptchaToken');

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(container.querySelector('[aria-current="step"]')!.textContent).toContain('Your kitchen');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: /Your kitchen/ }));
    expect((screen.getByLabelText(/^Layout/) as HTMLSelectElement).value).toBe('galley');
    fetch.mockImplementationOnce(async () => new Response(JSON.stringify({ success: true, data: { id: 'sub-5' } })));
    await submit(container);

    fill(/^Cabinet budget/, '10k-25k');
    fireEvent.click(screen.getByLabelText('In 1 to 3 months'));
    await submit(container);
    // The server decides the last step: no `final` (an unknown key is refused).
    expect(sentJson(fetch, 3)).toMatchObject({ step: 2, id: 'sub-5', formData: { budget: '10k-25k' } });
    expect(sentJson(fetch, 3)).not.toHaveProperty('final');
    expect(screen.getByText('Thank you!')).toBeTruthy();
    expect(localStorage.getItem(progressKey('free-kitchen-design'))).toBeNull();
    expect((window as unknown as { dataLayer: { event: string }[] }).dataLayer.map((e) => e.event)).toEqual(['FKD_form_click']);
  });

  it('comes back at the saved step with the saved values after a reload', async () => {
    localStorage.setItem(
      progressKey('free-kitchen-design'),
      JSON.stringify({ step: 1, completed: [0], id: 'sub-5', token: 't', values: { firstName: 'Ann', kitchenShape: 'u-shape' } }),
    );
    render(<FormBlock form={demoForm('free-kitchen-design')} />);
    await act(async () => {});
    expect(screen.getByRole('heading', { name: /Your kitchen/ })).toBeTruthy();
    expect((screen.getByLabelText(/^Layout/) as HTMLSelectElement).value).toBe('u-shape');
  });
});

describe('FormBlock: server and browser render the same markup', () => {
  it('hydrates the server markup without a mismatch, even with saved progress', async () => {
    localStorage.setItem(progressKey('free-kitchen-design'), JSON.stringify({ step: 1, completed: [0], id: 'x', token: 't', values: {} }));
    for (const name of ['contact', 'claim', 'free-kitchen-design', 'become-dealer', 'newsletter']) {
      const element = <FormBlock form={demoForm(name)} />;
      const html = renderToString(element);
      const host = document.createElement('div');
      host.innerHTML = html;
      document.body.appendChild(host);
      const errors: unknown[] = [];
      const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
      let root!: ReturnType<typeof hydrateRoot>;
      await act(async () => {
        root = hydrateRoot(host, element, { onRecoverableError: (e) => void errors.push(e) });
      });
      spy.mockRestore();
      expect(errors, name).toEqual([]);
      act(() => root.unmount());
      host.remove();
    }
  });
});
