// @vitest-environment jsdom
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ElementProbe as Probe, elementProbeSpec as probeSpec } from '../testing/element-probe';
import { defineShowroomElement } from './define-showroom-element';

let counter = 0;
function defineProbe(): string {
  const tagName = `showroom-probe-${++counter}` as const;
  defineShowroomElement(probeSpec(tagName), Probe);
  return tagName;
}

function mount(html: string): HTMLElement & Record<string, unknown> {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.firstElementChild as HTMLElement & Record<string, unknown>;
}

function shadow(element: HTMLElement) {
  return within(element.shadowRoot as unknown as HTMLElement);
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the element base', () => {
  it('renders in an open shadow root with its attributes parsed by type', async () => {
    const tag = defineProbe();
    const el = mount(`<${tag} label-text="Hello" mode="compact" max-items="3" open options='{"colour":"oak"}'></${tag}>`);
    const view = shadow(el);
    await view.findByText('label: Hello');
    expect(view.getByText('mode: compact')).toBeTruthy();
    expect(view.getByText('max: 3')).toBeTruthy();
    expect(view.getByText('open: true')).toBeTruthy();
    expect(view.getByText('colour: oak')).toBeTruthy();
    expect(el.maxItems).toBe(3);
    expect(el.options).toEqual({ colour: 'oak' });
    // Nothing of the element lands in the host document's head.
    expect(document.head.querySelectorAll('style').length).toBe(0);
    expect(el.shadowRoot!.querySelectorAll('style').length).toBe(0);
  });

  it('keeps properties set before the element was defined', async () => {
    const tag = `showroom-probe-${++counter}` as const;
    const el = mount(`<${tag}></${tag}>`);
    el.items = ['Shaker white', 'Oak natural'];
    el.labelText = 'set early';
    defineShowroomElement(probeSpec(tag), Probe);
    const view = shadow(el);
    await view.findByText('items: Shaker white, Oak natural');
    expect(view.getByText('label: set early')).toBeTruthy();
    // The value now lives behind the class's accessor, which reflects simple values to the attribute.
    expect(Object.prototype.hasOwnProperty.call(el, 'items')).toBe(false);
    expect(el.getAttribute('label-text')).toBe('set early');
  });

  it('clears a prop when its attribute is removed', async () => {
    const tag = defineProbe();
    const el = mount(`<${tag} label-text="Hello" open></${tag}>`);
    const view = shadow(el);
    await view.findByText('label: Hello');
    el.removeAttribute('label-text');
    el.removeAttribute('open');
    await view.findByText('label: (none)');
    expect(view.getByText('open: false')).toBeTruthy();
    expect(el.labelText).toBeUndefined();
  });

  it('reflects simple properties to attributes and keeps rich ones as set', async () => {
    const tag = defineProbe();
    const el = mount(`<${tag}></${tag}>`);
    const view = shadow(el);
    el.mode = 'full';
    el.open = true;
    el.options = { colour: 'walnut' };
    await view.findByText('colour: walnut');
    expect(el.getAttribute('mode')).toBe('full');
    expect(el.getAttribute('open')).toBe('');
    expect(el.hasAttribute('options')).toBe(false);
    el.open = false;
    el.mode = undefined;
    await view.findByText('mode: (none)');
    expect(el.hasAttribute('open')).toBe(false);
  });

  it('shows what is wrong with bad JSON or an unknown value instead of throwing, and recovers', async () => {
    const tag = defineProbe();
    const el = mount(`<${tag} options='{"colour":' mode="huge" max-items="many" api-base="shop.example"></${tag}>`);
    const view = shadow(el);
    const alert = await view.findByRole('alert');
    expect(alert.getAttribute('part')).toBe('message');
    expect(alert.textContent).toContain(`<${tag}>: please check its configuration.`);
    expect(alert.textContent).toContain('options is not valid JSON');
    expect(alert.textContent).toContain('mode="huge" is not one of: compact, full.');
    expect(alert.textContent).toContain('max-items="many" is not a number.');
    expect(alert.textContent).toContain('api-base="shop.example" is not an http(s) URL such as https://shop.example.com.');
    el.setAttribute('options', '{"colour":"oak"}');
    el.setAttribute('mode', 'full');
    el.removeAttribute('max-items');
    el.setAttribute('api-base', 'https://shop.example');
    await view.findByText('colour: oak');
    expect(view.queryByRole('alert')).toBeNull();
  });

  it('keeps a failure while rendering inside the element', async () => {
    const tag = defineProbe();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const el = mount(`<${tag} label-text="explode"></${tag}>`);
    const alert = await shadow(el).findByRole('alert');
    expect(alert.textContent).toContain('this widget stopped working.');
    expect(alert.textContent).toContain('The probe exploded.');
    error.mockRestore();
  });

  it('sends showroom:* events that bubble out of the shadow root to the document', async () => {
    const tag = defineProbe();
    const el = mount(`<${tag}></${tag}>`);
    const seen: { target: EventTarget | null; detail: unknown; composed: boolean }[] = [];
    document.addEventListener('showroom:cart-changed', (e) => seen.push({ target: e.target, detail: e.detail, composed: e.composed }));
    fireEvent.click(await shadow(el).findByText('Fire'));
    expect(seen).toEqual([{ target: el, detail: { items: [], count: 0 }, composed: true }]);
  });

  it('calls the API at api-base with the dealer on every call', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const tag = defineProbe();
    const el = mount(`<${tag} api-base="https://shop.example/" dealer="riverside"></${tag}>`);
    fireEvent.click(await shadow(el).findByText('Call'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://shop.example/api/ping');
    expect((init.headers as Record<string, string>)['X-Showroom-Dealer']).toBe('riverside');
  });

  it('keeps its configuration when moved elsewhere in the page', async () => {
    const tag = defineProbe();
    const el = mount(`<${tag} label-text="Moved"></${tag}>`);
    el.items = ['Oak natural'];
    await shadow(el).findByText('items: Oak natural');
    const elsewhere = document.createElement('section');
    document.body.append(elsewhere);
    elsewhere.append(el);
    await shadow(el).findByText('items: Oak natural');
    expect(shadow(el).getByText('label: Moved')).toBeTruthy();
  });

  it("shows the store's refusal of the page in every element of that store and dealer, and says it once on the console", async () => {
    const refusal = "The store does not allow this page's origin, http://localhost:4000, for dealer refused-dealer. Ask the store to add http://localhost:4000 to dealer refused-dealer in dealers.json.";
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'dealer_origin_refused', message: refusal }), { status: 403 })));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const tag = defineProbe();
    const calling = mount(`<${tag} api-base="https://refusing.example" dealer="refused-dealer"></${tag}>`);
    const quiet = mount(`<${tag} api-base="https://refusing.example" dealer="refused-dealer"></${tag}>`);
    const otherDealer = mount(`<${tag} api-base="https://refusing.example" dealer="another-dealer" label-text="other"></${tag}>`);
    fireEvent.click(await shadow(calling).findByText('Call'));
    for (const el of [calling, quiet]) {
      const alert = await shadow(el).findByRole('alert');
      expect(alert.textContent).toBe(`<${tag}>: the store refused this page.${refusal}`);
      expect(alert.getAttribute('part')).toBe('message');
    }
    expect(shadow(otherDealer).getByText('label: other')).toBeTruthy();
    // A second element refused for the same reason: still one line on the console.
    const late = mount(`<${tag} api-base="https://refusing.example/" dealer="refused-dealer"></${tag}>`);
    await shadow(late).findByRole('alert');
    fireEvent.click(await shadow(otherDealer).findByText('Call'));
    await shadow(otherDealer).findByRole('alert');
    expect(error.mock.calls.filter(([line]) => String(line).includes('refused-dealer'))).toEqual([[`Showroom: ${refusal}`]]);

    // An element without a dealer whose call cannot reach that store (CORS hides the answer) shows the
    // same refusal, since the page's origin is the cause; one of another store does not.
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const noDealer = mount(`<${tag} api-base="https://refusing.example" label-text="no dealer"></${tag}>`);
    const elsewhere = mount(`<${tag} api-base="https://other-store.example" label-text="elsewhere"></${tag}>`);
    await shadow(noDealer).findByText('label: no dealer');
    fireEvent.click(await shadow(elsewhere).findByText('Call'));
    fireEvent.click(shadow(noDealer).getByText('Call'));
    expect((await shadow(noDealer).findByRole('alert')).textContent).toContain(refusal);
    expect(shadow(elsewhere).getByText('label: elsewhere')).toBeTruthy();
    error.mockRestore();
  });

  it('defines an element once, however many times its module runs', () => {
    const tag = defineProbe();
    const first = customElements.get(tag);
    expect(defineShowroomElement(probeSpec(tag as `showroom-${string}`), Probe)).toBe(first);
  });
});
