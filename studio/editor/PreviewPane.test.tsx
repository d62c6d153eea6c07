// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StudioApiError } from '../api/studio-client';
import { PreviewPane } from './PreviewPane';

afterEach(cleanup);

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('PreviewPane', () => {
  it('aborts a stale request, and a late answer never replaces a newer one', async () => {
    const calls: { text: string; signal: AbortSignal; answer: ReturnType<typeof deferred<string>> }[] = [];
    const client = {
      preview: vi.fn((body: { text: string }, signal?: AbortSignal) => {
        const answer = deferred<string>();
        calls.push({ text: body.text, signal: signal!, answer });
        return answer.promise;
      }),
    };
    // The debounce reads a fake clock: the three texts arrive within the pause however slow the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { rerender, container } = render(<PreviewPane client={client} path="pages/a.json" text="one" renderable delayMs={300} />);
    expect(calls.map((c) => c.text)).toEqual(['one']);
    expect(screen.getByText('Preview updating…')).toBeTruthy();
    rerender(<PreviewPane client={client} path="pages/a.json" text="two" renderable delayMs={300} />);
    rerender(<PreviewPane client={client} path="pages/a.json" text="three" renderable delayMs={300} />);
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(calls.map((c) => c.text)).toEqual(['one']);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    expect(calls.map((c) => c.text)).toEqual(['one', 'three']);
    expect(calls[0]!.signal.aborted).toBe(true);
    await act(async () => calls[1]!.answer.resolve('<p>three</p>'));
    await act(async () => calls[0]!.answer.resolve('<p>one</p>'));
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>three</p>');
    expect(screen.queryByText('Preview updating…')).toBeNull();
  });

  it('offers phone, tablet and desktop widths, and says so when the text is not JSON', async () => {
    const client = { preview: vi.fn(() => Promise.resolve('<p>x</p>')) };
    const { rerender, container } = render(<PreviewPane client={client} path="pages/a.json" text="{}" renderable />);
    await act(async () => {});
    const frame = () => container.querySelector('iframe')!;
    expect(frame().style.width).toBe('1280px');
    fireEvent.click(screen.getByRole('button', { name: /Phone/ }));
    expect(frame().style.width).toBe('390px');
    expect(screen.getByRole('button', { name: /Phone/ }).getAttribute('aria-pressed')).toBe('true');
    expect(frame().title).toBe('Preview of pages/a.json at phone width');
    fireEvent.click(screen.getByRole('button', { name: /Tablet/ }));
    expect(frame().style.width).toBe('768px');
    rerender(<PreviewPane client={client} path="pages/a.json" text="{" renderable={false} />);
    expect(screen.getByText('Fix the JSON to see the preview.')).toBeTruthy();
    expect(client.preview).toHaveBeenCalledTimes(1);
  });

  it('lists the problems of a 422 by file and pointer where no editor words them (Review)', async () => {
    const client = { preview: vi.fn(() => Promise.reject(new StudioApiError(422, 'preview_unavailable', 'This draft has problems.', { 'pages/a.json:/blocks/0/form': 'No form "x".', 'routes.json:': 'Broken.' }))) };
    render(<PreviewPane client={client} path="pages/a.json" text="{}" renderable />);
    expect(await screen.findByText('pages/a.json /blocks/0/form: No form "x".')).toBeTruthy();
    expect(screen.getByText('routes.json: Broken.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The preview shows the page again once these are fixed:');
  });

  it("says each problem in the words it is given (the editor's list), once", async () => {
    const client = { preview: vi.fn(() => Promise.reject(new StudioApiError(422, 'preview_unavailable', 'pages/a.json: x', { 'pages/a.json:/blocks/0/image/src': 'must be filled in', 'pages/a.json:/blocks/0/image': 'must be filled in' }))) };
    render(<PreviewPane client={client} path="pages/a.json" text="{}" renderable problemWords={() => 'Block 1 (Banner) · Image: This field is required.'} />);
    expect(await screen.findByText('Block 1 (Banner) · Image: This field is required.')).toBeTruthy();
    expect(screen.getByRole('alert').querySelectorAll('li')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).not.toMatch(/pages\/a\.json|\/blocks|must be filled in/);
  });

  it('on a page, opens the block a click in the preview lands on, and follows no link', async () => {
    const client = { preview: vi.fn(() => Promise.resolve('<main><div data-studio-block="0"><h1>Title</h1></div><div data-studio-block="1"><p><a href="/contact">Contact</a></p></div></main>')) };
    const onSelectBlock = vi.fn();
    const { container } = render(<PreviewPane client={client} path="pages/a.json" text="{}" renderable onSelectBlock={onSelectBlock} />);
    await act(async () => {});
    const frame = container.querySelector('iframe')!;
    // Same origin so that the studio can listen, and still no script may run in it.
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(screen.getByText('Click a block to open it in the form.')).toBeTruthy();
    // jsdom does not load srcdoc: the document is written as the browser would have parsed it.
    const doc = frame.contentDocument!;
    doc.body.innerHTML = frame.getAttribute('srcdoc')!;
    fireEvent.load(frame);
    const link = doc.querySelector('a')!;
    const click = new (doc.defaultView!.MouseEvent)('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(onSelectBlock).toHaveBeenCalledWith(1);
    expect(click.defaultPrevented).toBe(true);
    doc.querySelector('h1')!.dispatchEvent(new (doc.defaultView!.MouseEvent)('click', { bubbles: true, cancelable: true }));
    expect(onSelectBlock).toHaveBeenLastCalledWith(0);
    // Outside any block (the header, the footer): nothing opens.
    doc.body.dispatchEvent(new (doc.defaultView!.MouseEvent)('click', { bubbles: true, cancelable: true }));
    expect(onSelectBlock).toHaveBeenCalledTimes(2);
    // The block under the pointer is outlined, and only that one.
    doc.querySelector('h1')!.dispatchEvent(new (doc.defaultView!.MouseEvent)('mouseover', { bubbles: true }));
    expect((doc.querySelector('h1') as HTMLElement).style.outline).toContain('dashed');
    link.dispatchEvent(new (doc.defaultView!.MouseEvent)('mouseover', { bubbles: true }));
    expect((doc.querySelector('h1') as HTMLElement).style.outline).toBe('');
    expect((doc.querySelector('[data-studio-block="1"] > p') as HTMLElement).style.outline).toContain('dashed');
  });
});
