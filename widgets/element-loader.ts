/**
 * The loader's one job, shared by its two builds (the script tag and the ES module): watch the page
 * and import an element's module the first time one of its elements appears. It holds only the
 * table of element names, never element code, so it stays under 2 kB gzip.
 */
import { elementModules, type ElementName } from './element-names';
import { recordLoaderVersion } from './widgets-version';

/** `moduleDir` is the URL of the folder holding the element modules (dist/widgets/esm/). */
export function loadElementsWhenUsed(moduleDir: URL): void {
  recordLoaderVersion();
  const requested = new Set<ElementName>();

  function loadElementsIn(root: ParentNode): void {
    for (const name of Object.keys(elementModules) as ElementName[]) {
      if (requested.has(name) || customElements.get(name) || !root.querySelector(name)) continue;
      requested.add(name);
      import(/* @vite-ignore */ new URL(`${elementModules[name]}.js`, moduleDir).href).catch((err: unknown) => {
        requested.delete(name);
        console.error(`Showroom: could not load <${name}>`, err);
      });
    }
  }

  loadElementsIn(document);
  new MutationObserver(() => loadElementsIn(document)).observe(document.documentElement, { childList: true, subtree: true });
}
