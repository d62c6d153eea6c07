import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import type { FormPost, FormPostResult } from './form-api';
import { progressKey, type ProgressStorage } from './form-progress';
import { CAPTCHA_KEY, createFormStore } from './form-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function memoryStorage(): ProgressStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

function fakeServer(...answers: FormPostResult[]) {
  const posts: FormPost[] = [];
  const post = vi.fn(async (p: FormPost) => {
    posts.push(p);
    return answers.shift() ?? { ok: true as const, message: null, id: 'sub-1', token: 'tok-1' };
  });
  return { post, posts };
}

const contact: FormDefinition = {
  name: 'contact',
  fields: [
    { name: 'name', type: 'text', label: 'Name', required: true, minLength: 2 },
    { name: 'email', type: 'email', label: 'E-mail', required: true },
    { name: 'topic', type: 'select', label: 'Topic', options: [{ value: 'order', label: 'Order' }, { value: 'other', label: 'Other' }] },
    { name: 'orderNumber', type: 'text', label: 'Order number', required: true, onlyNumbers: true, hideWhen: { field: 'topic', equals: ['other', ''] } },
    {
      name: 'contactBy',
      type: 'radio',
      defaultValue: 'email',
      options: [
        { value: 'email', label: 'E-mail' },
        { value: 'phone', label: 'Phone', hideWhen: { field: 'phone', equals: '' } },
      ],
    },
    { name: 'phone', type: 'tel', label: 'Phone' },
    { name: 'source', type: 'hidden', value: 'contact-page' },
  ],
  messages: { success: 'Thanks!' },
};

const fkd: FormDefinition = {
  name: 'fkd',
  googleReCaptcha: true,
  steps: [
    { title: 'You', fields: [{ name: 'email', type: 'email', required: true }] },
    { title: 'Kitchen', fields: [{ name: 'shape', type: 'select', required: true, options: [{ value: 'l', label: 'L' }] }] },
    { title: 'Budget', fields: [{ name: 'budget', type: 'text', required: true }] },
  ],
};

describe('form store: fields', () => {
  it('starts from default and fixed values, and shows no message before a field is touched', () => {
    const store = createFormStore(contact, fakeServer());
    expect(store.getField('contactBy').value).toBe('email');
    expect(store.getField('source').value).toBe('contact-page');
    store.setValue('name', 'A');
    expect(store.getField('name').error).toBeNull();
    store.touch('name');
    expect(store.getField('name').error).toBe('Name seems too short');
  });

  it('notifies only the field typed in, and the fields that read it', () => {
    const store = createFormStore(contact, fakeServer());
    const heard: string[] = [];
    for (const name of ['name', 'email', 'topic', 'orderNumber', 'contactBy', 'phone']) store.subscribe(name, () => heard.push(name));
    store.setValue('name', 'Ann');
    expect(heard).toEqual(['name']);
    heard.length = 0;
    store.setValue('phone', '555');
    // The Phone option of contactBy shows once a phone is typed.
    expect(heard.sort()).toEqual(['contactBy', 'phone']);
    expect(store.getField('contactBy').options.map((o) => o.value)).toEqual(['email', 'phone']);
    heard.length = 0;
    store.setValue('phone', '5551');
    expect(heard).toEqual(['phone']);
  });

  it('hides a field by hideWhen and clears its value; clears a removed radio option', () => {
    const store = createFormStore(contact, fakeServer());
    expect(store.getField('orderNumber').hidden).toBe(true);
    store.setValue('topic', 'order');
    store.setValue('orderNumber', '123');
    store.setValue('topic', 'other');
    expect(store.getField('orderNumber')).toMatchObject({ hidden: true, value: undefined });
    store.setValue('topic', 'order');
    expect(store.getField('orderNumber')).toMatchObject({ hidden: false });
    expect(store.getField('orderNumber').value ?? '').toBe('');

    store.setValue('phone', '555');
    store.setValue('contactBy', 'phone');
    store.setValue('phone', '');
    expect(store.getField('contactBy').value).toBe('');
  });

  it('dependsOn: disabled until the other field has a value, its choice cleared when that value changes', () => {
    const form: FormDefinition = {
      name: 'dep',
      fields: [
        { name: 'line', type: 'select', options: [{ value: 'rta', label: 'RTA' }, { value: 'custom', label: 'Custom' }] },
        {
          name: 'door',
          type: 'select',
          dependsOn: ['line'],
          dynamicOptions: { field: 'line', options: { rta: [{ value: 'shaker', label: 'Shaker' }], custom: [{ value: 'inset', label: 'Inset' }, { value: 'shaker', label: 'Shaker' }] } },
        },
      ],
    };
    const store = createFormStore(form, fakeServer());
    expect(store.getField('door')).toMatchObject({ disabled: true, options: [] });
    store.setValue('line', 'custom');
    expect(store.getField('door').disabled).toBe(false);
    expect(store.getField('door').options.map((o) => o.value)).toEqual(['inset', 'shaker']);
    store.setValue('door', 'shaker');
    store.setValue('line', 'rta');
    expect(store.getField('door').value).toBe('');
    expect(store.getField('door').options.map((o) => o.value)).toEqual(['shaker']);
  });

  it("a group's hideWhen hides every field in it, and they are not required", async () => {
    const form: FormDefinition = {
      name: 'g',
      fields: [
        { name: 'kind', type: 'radio', options: [{ value: 'home', label: 'Home' }, { value: 'trade', label: 'Trade' }] },
        { name: 'company', type: 'group', hideWhen: { field: 'kind', equals: ['home', ''] }, fields: [{ name: 'vat', type: 'text', required: true }] },
      ],
    };
    const server = fakeServer();
    const store = createFormStore(form, server);
    const heard: string[] = [];
    store.subscribe('group:company', () => heard.push('group'));
    expect(store.isGroupHidden('company')).toBe(true);
    store.setValue('kind', 'trade');
    expect(store.isGroupHidden('company')).toBe(false);
    expect(heard).toEqual(['group']);
    store.setValue('vat', 'GB1');
    store.setValue('kind', 'home');
    expect(store.getField('vat')).toMatchObject({ hidden: true, value: undefined });
    await store.submit();
    expect(server.posts[0]!.values).toEqual({ kind: 'home' });
  });

  it('reset clears values, marks and messages back to the defaults', async () => {
    const store = createFormStore(contact, fakeServer());
    store.setValue('name', 'Ann');
    await store.submit();
    expect(store.getField('email').error).toBe('This field is required');
    store.reset();
    expect(store.getField('name').value).toBe('');
    expect(store.getField('email').error).toBeNull();
    expect(store.getField('contactBy').value).toBe('email');
  });

  it('file fields drop extra files and refuse wrong types with the spec messages', () => {
    const form: FormDefinition = { name: 'f', fields: [{ name: 'photos', type: 'file', maxFiles: 2, fileTypes: ['.jpg'] }] };
    const store = createFormStore(form, fakeServer());
    const jpg = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
    store.addFiles('photos', [jpg('a.jpg'), jpg('b.jpg'), jpg('c.jpg')]);
    expect((store.getField('photos').value as File[]).map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);
    store.removeFile('photos', 0);
    store.addFiles('photos', [new File(['x'], 'x.exe', { type: 'application/octet-stream' })]);
    expect(store.getField('photos').error).toBe('File format is not supported');
    expect((store.getField('photos').value as File[]).map((f) => f.name)).toEqual(['b.jpg']);
    store.removeFile('photos', 0);
    store.addFiles('photos', [jpg('big.jpg', 3 * 1024 * 1024)]);
    expect(store.getField('photos').error).toBe('File is too large, maximum allowed size is 2MB');
  });
});

describe('form store: newsletter double opt-in', () => {
  const signup: FormDefinition = {
    name: 'newsletter',
    fields: [{ name: 'email', type: 'email', label: 'E-mail', required: true }],
    messages: { success: 'You are subscribed.' },
    actions: { subscribeNewsletter: true },
  };
  const checkInbox = { ok: true as const, message: 'Check your inbox to confirm', id: '3', token: null, newsletterMessage: 'Check your inbox to confirm' };

  it("a newsletter form says 'Check your inbox to confirm', never its older 'you are subscribed' text", async () => {
    const store = createFormStore(signup, fakeServer(checkInbox));
    store.setValue('email', 'ann@example.com');
    await store.submit();
    expect(store.getStatus()).toMatchObject({ state: 'success', message: 'Check your inbox to confirm' });
  });

  it('a form with a newsletter box adds it to its own message', async () => {
    const store = createFormStore(contact, fakeServer({ ...checkInbox, message: 'Stored' }));
    store.setValue('name', 'Ann');
    store.setValue('email', 'ann@example.com');
    await store.submit();
    expect(store.getStatus().message).toBe('Thanks! Check your inbox to confirm');
  });
});

describe('form store: single-step submit', () => {
  it('refuses an invalid submit, marks the fields touched and names the first invalid field', async () => {
    const server = fakeServer();
    const store = createFormStore(contact, server);
    const result = await store.submit();
    expect(result.focus).toBe('name');
    expect(store.getField('name').error).toBe('This field is required');
    expect(store.getField('email').error).toBe('This field is required');
    expect(store.getField('orderNumber').error).toBeNull(); // hidden: not required
    expect(server.post).not.toHaveBeenCalled();
  });

  it('sends the visible values with the honeypot, shows the message for 5 seconds and resets', async () => {
    const server = fakeServer({ ok: true, message: 'Stored', id: '7', token: null });
    const store = createFormStore(contact, server);
    store.setValue('name', 'Ann');
    store.setValue('email', 'ann@example.com');
    const pending = store.submit('');
    expect(store.getStatus().state).toBe('submitting');
    await pending;
    expect(server.posts[0]).toMatchObject({ honeypot: '', values: { name: 'Ann', email: 'ann@example.com', source: 'contact-page', contactBy: 'email' } });
    expect(server.posts[0]!.values).not.toHaveProperty('orderNumber');
    expect(server.posts[0]).not.toHaveProperty('final');
    expect(store.getStatus()).toMatchObject({ state: 'success', message: 'Thanks!' });
    expect(store.getField('name').value).toBe('');
    vi.advanceTimersByTime(4999);
    expect(store.getStatus().message).toBe('Thanks!');
    vi.advanceTimersByTime(1);
    expect(store.getStatus()).toMatchObject({ state: 'idle', message: null });
  });

  it("shows the server's field messages and message; falls back to the form's, then to the generic text", async () => {
    const server = fakeServer(
      { ok: false, message: 'Please check the form', fields: { email: 'Invalid email address' } },
      { ok: false, message: null, fields: {} },
    );
    const store = createFormStore(contact, server);
    store.setValue('name', 'Ann');
    store.setValue('email', 'ann@example.com');
    expect(await store.submit()).toEqual({ focus: 'email' });
    expect(store.getField('email').error).toBe('Invalid email address');
    expect(store.getStatus()).toMatchObject({ state: 'error', message: 'Please check the form' });
    expect(store.getField('name').value).toBe('Ann'); // nothing typed is lost
    store.setValue('email', 'ann@example.org');
    expect(store.getField('email').error).toBeNull();
    await store.submit();
    expect(store.getStatus().message).toBe('Something went wrong. Plase try again later.');

    const withText = createFormStore({ ...contact, messages: { error: 'Call us.' } }, fakeServer({ ok: false, message: null, fields: {} }));
    withText.setValue('name', 'Ann');
    withText.setValue('email', 'ann@example.com');
    await withText.submit();
    expect(withText.getStatus().message).toBe('Call us.');
  });

  it('captcha: without a token the challenge runs instead of sending; the token is used once', async () => {
    const server = fakeServer();
    const form: FormDefinition = { name: 'c', googleReCaptcha: true, fields: [{ name: 'email', type: 'email', required: true }] };
    const store = createFormStore(form, server);
    let token: string | null = null;
    const execute = vi.fn(async () => token);
    const reset = vi.fn();
    store.setCaptcha({ execute, reset });
    store.setValue('email', 'a@b.co');
    expect(await store.submit()).toEqual({ focus: CAPTCHA_KEY });
    expect(store.getStatus().captchaError).toBe('Please complete the reCAPTCHA verification');
    expect(server.post).not.toHaveBeenCalled();
    token = 'test-pass';
    await store.submit();
    expect(server.posts[0]!.recaptchaToken).toBe('test-pass');
    expect(store.getStatus()).toMatchObject({ captchaToken: null, captchaError: null });
    expect(reset).toHaveBeenCalled();
  });
});

describe('form store: multi-step', () => {
  it('Next validates the step only, sends it, and advances when the server returns an id', async () => {
    const server = fakeServer({ ok: true, message: null, id: 'sub-9', token: 'secret' }, { ok: true, message: null, id: 'sub-9', token: null });
    const storage = memoryStorage();
    const store = createFormStore(fkd, { ...server, storage });
    store.setCaptchaToken('test-pass');
    expect(await store.submit()).toEqual({ focus: 'email' });
    expect(store.getField('shape').error).toBeNull(); // the next step is not checked yet
    store.setValue('email', 'a@b.co');
    expect(await store.submit()).toEqual({ focus: 'step' });
    expect(server.posts[0]).toMatchObject({ step: 0, recaptchaToken: 'test-pass', values: { email: 'a@b.co' }, id: null, token: null });
    expect(server.posts[0]).not.toHaveProperty('final');
    expect(store.needsCaptcha()).toBe(false); // the id and token carry the later steps
    expect(store.getStatus()).toMatchObject({ step: 1, completed: [0] });

    store.setValue('shape', 'l');
    await store.submit();
    expect(server.posts[1]).toMatchObject({ step: 1, id: 'sub-9', token: 'secret', values: { shape: 'l' }, recaptchaToken: undefined });
    expect(store.getStatus()).toMatchObject({ step: 2, completed: [0, 1] });
    expect(JSON.parse(storage.data.get(progressKey('fkd'))!)).toMatchObject({ step: 2, id: 'sub-9', token: 'secret', values: { email: 'a@b.co', shape: 'l' } });
  });

  it('does not advance without an id', async () => {
    const store = createFormStore(fkd, fakeServer({ ok: true, message: null, id: null, token: null }));
    store.setCaptchaToken('t');
    store.setValue('email', 'a@b.co');
    await store.submit();
    expect(store.getStatus()).toMatchObject({ step: 0, state: 'error', message: 'Something went wrong. Plase try again later.' });
  });

  it('Back un-completes the step; the server decides the last step (no `final` sent); success clears the saved progress', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const store = createFormStore({ ...fkd, googleReCaptcha: false }, { ...server, storage });
    store.setValue('email', 'a@b.co');
    await store.submit();
    store.setValue('shape', 'l');
    await store.submit();
    store.back();
    expect(store.getStatus()).toMatchObject({ step: 1, completed: [0] });
    await store.submit();
    store.setValue('budget', '10k');
    await store.submit();
    expect(server.posts.map((p) => p.step)).toEqual([0, 1, 1, 2]);
    expect(server.posts.every((p) => !('final' in p))).toBe(true);
    expect(server.posts[3]).toMatchObject({ id: 'sub-1', token: 'tok-1', values: { budget: '10k' } });
    expect(store.getStatus()).toMatchObject({ state: 'success', step: 0, completed: [] });
    vi.advanceTimersByTime(1000);
    expect(storage.data.has(progressKey('fkd'))).toBe(false);
  });

  it('an error resets to the first step and clears the saved progress, keeping what was typed', async () => {
    const storage = memoryStorage();
    const store = createFormStore({ ...fkd, googleReCaptcha: false }, { ...fakeServer({ ok: true, message: null, id: '1', token: 't' }, { ok: false, message: 'Nope', fields: {} }), storage });
    store.setValue('email', 'a@b.co');
    await store.submit();
    store.setValue('shape', 'l');
    expect(await store.submit()).toEqual({ focus: 'step' });
    expect(store.getStatus()).toMatchObject({ step: 0, completed: [], state: 'error', message: 'Nope' });
    expect(storage.data.has(progressKey('fkd'))).toBe(false);
    expect(store.getField('email').value).toBe('a@b.co');
  });

  it('keeps typed progress per form name (not files) and restores it on return', () => {
    const storage = memoryStorage();
    const first = createFormStore(fkd, { ...fakeServer(), storage });
    first.setValue('email', 'a@b.co');
    vi.advanceTimersByTime(300);
    const saved = JSON.parse(storage.data.get(progressKey('fkd'))!);
    expect(saved).toMatchObject({ step: 0, values: { email: 'a@b.co' } });

    storage.setItem(progressKey('fkd'), JSON.stringify({ ...saved, step: 2, completed: [0, 1], id: 'x', token: 'y', values: { email: 'a@b.co', shape: 'l' } }));
    const second = createFormStore(fkd, { ...fakeServer(), storage });
    expect(second.getField('email').value).toBe(''); // nothing before hydration: server and browser agree
    second.restore();
    expect(second.getStatus()).toMatchObject({ step: 2, completed: [0, 1] });
    expect(second.getField('shape').value).toBe('l');
  });

  it('starts over at the first step when the saved progress has no submission id', () => {
    const storage = memoryStorage();
    storage.setItem(progressKey('fkd'), JSON.stringify({ step: 2, completed: [0, 1], id: null, token: null, values: { email: 'a@b.co' } }));
    const store = createFormStore(fkd, { ...fakeServer(), storage });
    store.restore();
    expect(store.getStatus()).toMatchObject({ step: 0, completed: [] });
    expect(store.getField('email').value).toBe('a@b.co');
  });

  it('flushes typed progress at once when the page goes away', () => {
    const storage = memoryStorage();
    const store = createFormStore(fkd, { ...fakeServer(), storage });
    store.setValue('email', 'a@b.co');
    expect(storage.data.has(progressKey('fkd'))).toBe(false);
    store.flush();
    expect(JSON.parse(storage.data.get(progressKey('fkd'))!).values).toEqual({ email: 'a@b.co', shape: '', budget: '' });
  });

  it('ignores unreadable saved progress', () => {
    const storage = memoryStorage();
    storage.setItem(progressKey('fkd'), '{not json');
    const store = createFormStore(fkd, { ...fakeServer(), storage });
    store.restore();
    expect(store.getStatus().step).toBe(0);
  });
});
