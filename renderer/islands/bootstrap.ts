/**
 * The island bootstrap, the only script a page runs at first: it finds the island markers the
 * server wrote (./island-types.ts) and hydrates each as its own root when it is needed, importing
 * its chunk (./client-islands.ts) only then.
 *
 * `html[data-hydrated="true"]` marks the moment every island that was due at once (the `load`
 * islands, and the `visible` ones on screen at the start) has hydrated: tests and scripts wait for it.
 */
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { clientIslands, type IslandComponent } from './client-islands';
import { ISLAND_FAILED_EVENT } from './integrity-report';
import { ISLAND_TAG, propsElementId, type HydrateWhen, type IslandPayload } from './island-types';
import { IslandScope } from './IslandScope';

/** Islands this far below (or above) the viewport already count as visible, so they are ready when reached. */
const VISIBLE_MARGIN = '200px';

/** Events that show a visitor reaching for an `interaction` island, in the order they come. */
const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click'] as const;

function readPayload(id: string): IslandPayload {
  const script = document.getElementById(propsElementId(id));
  return JSON.parse(script?.textContent || '{"props":{}}') as IslandPayload;
}

function islandElement(id: string, payload: IslandPayload, Component: IslandComponent) {
  return createElement(IslandScope, { id, page: payload.page, children: createElement(Component, payload.props) });
}

const started = new WeakMap<HTMLElement, Promise<void>>();

/** Hydrates one island (once, however many triggers ask for it). */
export function hydrateIsland(el: HTMLElement): Promise<void> {
  let done = started.get(el);
  if (done) return done;
  const name = el.dataset['island'] ?? '';
  const id = el.dataset['id'] ?? '';
  const load = clientIslands[name];
  done = load
    ? load().then((Component) => {
        hydrateRoot(el, islandElement(id, readPayload(id), Component), {
          onRecoverableError(error: unknown) {
            console.error(`Hydration error in island ${name} (${id}):`, error);
          },
        });
        el.dataset['hydrated'] = 'true';
      })
    : Promise.reject(new Error(`No island named "${name}" in client-islands.ts`));
  // A chunk that fails to load (offline, a deploy in between) leaves that island as server HTML;
  // the rest of the page goes on.
  done = done.catch((error: unknown) => {
    console.error(`Island ${name} (${id}) could not hydrate:`, error);
    window.dispatchEvent(new Event(ISLAND_FAILED_EVENT));
  });
  started.set(el, done);
  return done;
}

/**
 * Resolves once the observer has first looked at the island: hydrated if it was on screen. An island
 * without a box of its own (it renders nothing yet) is hydrated at once.
 */
function whenVisible(el: HTMLElement, observer: { observe(target: Element, onFirst: () => void): void }): Promise<void> {
  const target = el.firstElementChild;
  if (!target) return hydrateIsland(el);
  return new Promise((resolve) => observer.observe(target, resolve));
}

function visibilityObserver() {
  const islands = new Map<Element, { el: HTMLElement; first?: () => void }>();
  const io = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const item = islands.get(entry.target);
        if (!item) continue;
        const first = item.first;
        delete item.first;
        if (entry.isIntersecting) {
          io.unobserve(entry.target);
          islands.delete(entry.target);
          void hydrateIsland(item.el).then(first);
        } else first?.();
      }
    },
    { rootMargin: VISIBLE_MARGIN },
  );
  return {
    observe(target: Element, onFirst: () => void) {
      islands.set(target, { el: target.parentElement as HTMLElement, first: onFirst });
      io.observe(target);
    },
  };
}

/**
 * Hydrates on the first sign of interaction. A click that lands before the island is live is held
 * back and replayed on the same control once it is, so the visitor's first tap is not lost.
 */
function onFirstInteraction(el: HTMLElement): void {
  let held: HTMLElement | null = null;
  let live = false;
  const handler = (event: Event) => {
    if (event.type === 'click' && !live) {
      const control = (event.target as Element | null)?.closest<HTMLElement>('button, input, select, textarea, summary, [role="button"]');
      if (control && el.contains(control)) {
        event.preventDefault();
        event.stopPropagation();
        held = control;
      }
    }
    void hydrateIsland(el).then(() => {
      if (live) return;
      live = true;
      for (const type of INTERACTION_EVENTS) el.removeEventListener(type, handler, true);
      if (held?.isConnected) held.click();
      held = null;
    });
  };
  for (const type of INTERACTION_EVENTS) el.addEventListener(type, handler, { capture: true, passive: type !== 'click' });
}

/** Finds every island of the page and arms its trigger; marks the document when the first wave is in. */
export function startIslands(root: ParentNode = document): Promise<void> {
  const observer = visibilityObserver();
  const firstWave: Promise<void>[] = [];
  for (const el of root.querySelectorAll<HTMLElement>(ISLAND_TAG)) {
    const when = el.dataset['hydrate'] as HydrateWhen | undefined;
    if (when === 'visible') firstWave.push(whenVisible(el, observer));
    else if (when === 'interaction') onFirstInteraction(el);
    else firstWave.push(hydrateIsland(el));
  }
  return Promise.all(firstWave).then(() => {
    document.documentElement.dataset['hydrated'] = 'true';
  });
}

/**
 * Renders an island's component with the given props into a detached element, as the browser's
 * runtime renders it, and hands the element to `inspect` before any effect runs. The hydration
 * check (e2e/island-hydration-check.ts) compares this with the server's HTML of the same island, so a
 * mismatch fails a test whichever runtime the site ships.
 */
export async function renderIslandDetached<T>(name: string, id: string, payload: IslandPayload, inspect: (el: HTMLElement) => T): Promise<T> {
  const load = clientIslands[name];
  if (!load) throw new Error(`No island named "${name}"`);
  const Component = await load();
  const el = document.createElement('div');
  const root = createRoot(el);
  flushSync(() => root.render(islandElement(id, payload, Component)));
  const result = inspect(el);
  root.unmount();
  return result;
}
