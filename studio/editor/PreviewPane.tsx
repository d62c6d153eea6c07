/**
 * The live preview: the draft as the real renderer (the server's SSR entry) draws it, in a frame
 * sandboxed without scripts (nothing of the draft runs, so it cannot reach the studio), at phone,
 * tablet or desktop width scaled to fit the pane. The text is sent 150 ms after the last change of
 * a burst of typing (the first change after a pause goes at once); a newer text aborts the request
 * in flight. A draft that cannot render (422) shows its problems instead, over the last good picture.
 *
 * On a page, a click on a block of the preview opens that block in the form: the server marks each
 * block of the page with its index (data-studio-block), and the frame is then same-origin (still
 * without scripts: nothing in it runs), so the studio itself listens to its clicks. Links in the
 * frame go nowhere: the preview stays on the draft.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { StudioApiError, type StudioClient } from '../api/studio-client';
import './PreviewPane.css';

export const PREVIEW_WIDTHS = [
  { id: 'phone', label: 'Phone', width: 390 },
  { id: 'tablet', label: 'Tablet', width: 768 },
  { id: 'desktop', label: 'Desktop', width: 1280 },
] as const;
type WidthId = (typeof PREVIEW_WIDTHS)[number]['id'];

/** A problem the server found where the draft cannot render: its file and JSON pointer, its message. */
export interface PreviewProblem {
  file: string;
  pointer: string;
  message: string;
}

type PreviewState = { html: string | null; updating: boolean; problems: PreviewProblem[]; message: string };

/** Without the editor's words (Review): the file and the place in it, as the server names them. */
const serverWords = (p: PreviewProblem): string => `${p.file}${p.pointer ? ` ${p.pointer}` : ''}: ${p.message}`;

export interface PreviewPaneProps {
  client: Pick<StudioClient, 'preview'>;
  path: string;
  text: string;
  /** False while the text is not JSON: nothing to render. */
  renderable: boolean;
  delayMs?: number;
  /** A click on the preview's block with this index (from 0); absent: the preview is only a picture. */
  onSelectBlock?: (index: number) => void;
  /**
   * A problem that keeps the draft from rendering, in the words the editor's list gives it (the
   * editor passes its own: a problem is worded once, in the list, at its field and here).
   */
  problemWords?: (problem: PreviewProblem) => string;
}

const listened = new WeakSet<Document>();

/** The marked block an event landed in, with its index. */
function blockAt(doc: Document, target: EventTarget | null): { element: Element; index: number } | null {
  const element = target instanceof doc.defaultView!.Element ? target.closest('[data-studio-block]') : null;
  const index = Number(element?.getAttribute('data-studio-block'));
  return element && Number.isInteger(index) && index >= 0 ? { element, index } : null;
}

/** Outlines the block under the pointer. Through the CSSOM: a frame's inline <style> falls to the studio's policy, which srcdoc inherits. */
function outline(block: Element | null, on: boolean): void {
  for (const child of block?.children ?? []) {
    const style = (child as HTMLElement).style;
    style.outline = on ? '2px dashed #1f5fbf' : '';
    style.outlineOffset = on ? '-2px' : '';
    style.cursor = on ? 'pointer' : '';
  }
}

/** Listens to a same-origin preview document (once per document): the block under the pointer outlined, a click's block, no link followed. */
export function listenToBlockClicks(doc: Document, onSelectBlock: (index: number) => void): void {
  if (listened.has(doc)) return;
  listened.add(doc);
  let hovered: Element | null = null;
  doc.addEventListener('mouseover', (e) => {
    const block = blockAt(doc, e.target)?.element ?? null;
    if (block === hovered) return;
    outline(hovered, false);
    outline(block, true);
    hovered = block;
  });
  doc.addEventListener('click', (e) => {
    e.preventDefault();
    const block = blockAt(doc, e.target);
    if (block) onSelectBlock(block.index);
  });
}

/** 422 fields are keyed "file:pointer". */
function problemsOf(error: StudioApiError): PreviewProblem[] {
  return Object.entries(error.fields).map(([key, message]) => {
    const colon = key.indexOf(':');
    return colon === -1 ? { file: key, pointer: '', message } : { file: key.slice(0, colon), pointer: key.slice(colon + 1), message };
  });
}

export function PreviewPane({ client, path, text, renderable, delayMs = 150, onSelectBlock, problemWords = serverWords }: PreviewPaneProps) {
  const select = useRef(onSelectBlock);
  select.current = onSelectBlock;
  const [state, setState] = useState<PreviewState>({ html: null, updating: false, problems: [], message: '' });
  // A phone shows the phone width first; anything wider, the desktop.
  const [widthId, setWidthId] = useState<WidthId>(() => (typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches ? 'phone' : 'desktop'));
  const [fit, setFit] = useState({ width: 0, height: 0 });
  const viewport = useRef<HTMLDivElement>(null);

  // Debounced, with a leading edge: the first change after a pause (no request sent for delayMs) goes
  // at once; changes that follow within delayMs wait until typing pauses that long. Sending a newer
  // text aborts the request still in flight, so an older answer never replaces a newer one.
  const latest = useRef({ path, text });
  latest.current = { path, text };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  const lastSent = useRef(Number.NEGATIVE_INFINITY);
  const clientRef = useRef(client);
  clientRef.current = client;

  const send = useCallback(() => {
    timer.current = undefined;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    lastSent.current = performance.now();
    setState((s) => (s.updating ? s : { ...s, updating: true }));
    clientRef.current.preview(latest.current, controller.signal).then(
      (html) => {
        if (inFlight.current !== controller) return;
        inFlight.current = null;
        setState({ html, updating: false, problems: [], message: '' });
      },
      (error: unknown) => {
        if (controller.signal.aborted || inFlight.current !== controller) return;
        inFlight.current = null;
        if (error instanceof StudioApiError && error.status === 422) setState((s) => ({ ...s, updating: false, problems: problemsOf(error), message: error.message }));
        else setState((s) => ({ ...s, updating: false, problems: [], message: error instanceof StudioApiError ? error.message : 'The preview could not be loaded.' }));
      },
    );
  }, []);

  useEffect(() => {
    if (!renderable) {
      clearTimeout(timer.current);
      timer.current = undefined;
      return;
    }
    if (timer.current === undefined && performance.now() - lastSent.current >= delayMs) send();
    else {
      clearTimeout(timer.current);
      timer.current = setTimeout(send, delayMs);
    }
  }, [path, text, renderable, delayMs, send]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const measure = () => setFit({ width: el.clientWidth, height: el.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const device = PREVIEW_WIDTHS.find((w) => w.id === widthId)!;
  const scale = fit.width > 0 ? Math.min(1, fit.width / device.width) : 1;
  const frameHeight = fit.height > 0 ? Math.round(fit.height / scale) : 800;

  return (
    <section className="studio-preview" aria-labelledby="studio-preview-title">
      <div className="studio-preview__bar">
        <h2 id="studio-preview-title">Preview</h2>
        <div className="studio-preview__widths" role="group" aria-label="Preview width">
          {PREVIEW_WIDTHS.map((w) => (
            <button key={w.id} type="button" className="studio-button" aria-pressed={w.id === widthId} onClick={() => setWidthId(w.id)}>
              {w.label} <span className="studio-hint">{w.width}</span>
            </button>
          ))}
        </div>
        {onSelectBlock && <p className="studio-hint studio-preview__hint">Click a block to open it in the form.</p>}
        <p className="studio-preview__status" role="status">
          {!renderable ? 'Fix the JSON to see the preview.' : state.updating ? 'Preview updating…' : ''}
        </p>
      </div>
      {(state.problems.length > 0 || state.message) && (
        <div className="studio-preview__problems" role="alert">
          <p>{state.problems.length > 0 ? 'The preview shows the page again once these are fixed:' : state.message || 'This draft cannot be shown yet.'}</p>
          {state.problems.length > 0 && (
            <ul>
              {[...new Set(state.problems.map(problemWords))].map((words) => (
                <li key={words}>{words}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="studio-preview__viewport" ref={viewport}>
        {state.html !== null ? (
          <iframe
            className="studio-preview__frame"
            title={`Preview of ${path} at ${device.label.toLowerCase()} width`}
            sandbox={onSelectBlock ? 'allow-same-origin' : ''}
            srcDoc={state.html}
            onLoad={(e) => {
              const doc = e.currentTarget.contentDocument;
              if (doc && select.current) listenToBlockClicks(doc, (i) => select.current?.(i));
            }}
            style={{ width: `${device.width}px`, height: `${frameHeight}px`, transform: `scale(${scale})` }}
          />
        ) : (
          <p className="studio-empty">{renderable ? 'Loading the preview…' : ''}</p>
        )}
      </div>
    </section>
  );
}
