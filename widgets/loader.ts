/**
 * The one script tag a dealer adds. It defines nothing heavy itself: it watches the page for the
 * kit's elements and imports an element's module the first time one appears.
 */
import { elementModules, type ElementName } from './element-names';

const script = document.currentScript as HTMLScriptElement | null;
const base = new URL('.', script?.src ?? location.href);
const requested = new Set<ElementName>();

function loadElementsIn(root: ParentNode): void {
  for (const name of Object.keys(elementModules) as ElementName[]) {
    if (requested.has(name) || customElements.get(name) || !root.querySelector(name)) continue;
    requested.add(name);
    import(/* @vite-ignore */ new URL(`esm/${elementModules[name]}.js`, base).href).catch((err: unknown) => {
      requested.delete(name);
      console.error(`Showroom: could not load <${name}>`, err);
    });
  }
}

loadElementsIn(document);
new MutationObserver(() => loadElementsIn(document)).observe(document.documentElement, { childList: true, subtree: true });
