/**
 * The widgets' version, built into the loader and into every element's runtime (both import it),
 * so a page can tell when the two it holds came from different builds: a loader a browser or a
 * dealer's CDN kept while the store updated, or an element module imported from another path. Its
 * major is the path the store serves them under, /widgets/v{major}/ (server/app.ts), and the promise
 * that goes with it is in docs/dealers.md; every version has its entry in docs/widgets-changelog.md
 * (widgets-version.test.ts holds the two together).
 */
export const WIDGETS_VERSION = '1.2.0';
export const WIDGETS_MAJOR = Number(WIDGETS_VERSION.split('.')[0]);

const LOADER_VERSION = Symbol.for('showroom.loader-version');
const WARNED = Symbol.for('showroom.version-warned');

type Registry = Record<symbol, string | boolean | undefined>;

/** Called by the loader: the version elements compare theirs with. */
export function recordLoaderVersion(version: string = WIDGETS_VERSION): void {
  (globalThis as unknown as Registry)[LOADER_VERSION] = version;
}

/**
 * Called by each element as it is defined: warns once per page when the loader's version is not the
 * element's. An element module imported without the loader has nothing to compare with.
 */
export function warnOnVersionMismatch(tagName: string, version: string = WIDGETS_VERSION): void {
  const registry = globalThis as unknown as Registry;
  const loader = registry[LOADER_VERSION];
  if (typeof loader !== 'string' || loader === version || registry[WARNED]) return;
  registry[WARNED] = true;
  console.warn(`Showroom: the widget loader is version ${loader} but <${tagName}> is version ${version}. Load the loader and the elements from one path (/widgets/v${WIDGETS_MAJOR}/showroom.js) and reload the page; until then an element may not work as documented.`);
}
