/**
 * What every field of an editor may need beyond its own value, handed to rjsf as `formContext` (one
 * object per site and file, so fields are not re-rendered by typing): the names other definitions
 * may reference, the images, the route paths, the page's block validators, and a small store of the
 * file's problems that block headers and block forms subscribe to (problems change after a save,
 * schema counts as the operator types, and neither should re-render the whole form).
 */
import type { ErrorSchema, ValidatorType } from '@rjsf/utils';
import type { SiteFiles } from '../api/studio-client';
import type { ReferenceTarget } from './field-kinds';
import { errorSchemaOf, problemsUnder, type PointerProblem } from './problems';

export type ReferenceNames = Record<ReferenceTarget, readonly string[]>;

export interface EditorFormContext {
  names: ReferenceNames;
  images: readonly string[];
  blockValidators: ReadonlyMap<string, ValidatorType>;
  problems: ProblemStore;
  readOnly: boolean;
  /** The title of the page each address of the site shows, for links chosen from pages. */
  pageTitles?: ReadonlyMap<string, string>;
  /** A form's or popup's title by its name (forms/contact.json: "Get in touch"), as the file list shows it. */
  referenceTitles?: Partial<Record<ReferenceTarget, ReadonlyMap<string, string>>>;
}

/** The title of each form and popup by its name, for the choices that name one. */
export function referenceTitlesOf(site: SiteFiles): Partial<Record<ReferenceTarget, Map<string, string>>> {
  const titlesOf = (schema: string) => new Map(site.files.filter((f) => f.schema === schema && f.title).map((f) => [f.path.slice(f.path.lastIndexOf('/') + 1).replace(/\.json$/, ''), f.title!]));
  return { form: titlesOf('form'), popup: titlesOf('popup') };
}

/** Each address of a published page, with the page's title. */
export function pageTitlesOf(site: SiteFiles): Map<string, string> {
  const titles = new Map<string, string>();
  for (const f of site.files) for (const address of f.addresses ?? []) if (f.title && !titles.has(address)) titles.set(address, f.title);
  return titles;
}

const KIND_OF_TARGET: Record<Exclude<ReferenceTarget, 'route'>, string> = {
  form: 'form',
  popup: 'popup',
  page: 'page',
  style: 'product-style',
  estimator: 'estimator-template',
};

/** The names each kind of reference may take: the file names of that kind (pages/home.json -> home), and the route paths. */
export function referenceNames(site: SiteFiles, routePaths: readonly string[]): ReferenceNames {
  const namesOf = (schema: string) =>
    site.files
      .filter((f) => f.schema === schema)
      .map((f) => f.path.slice(f.path.lastIndexOf('/') + 1).replace(/\.json$/, ''))
      .sort();
  return {
    form: namesOf(KIND_OF_TARGET.form),
    popup: namesOf(KIND_OF_TARGET.popup),
    page: namesOf(KIND_OF_TARGET.page),
    style: namesOf(KIND_OF_TARGET.style),
    estimator: namesOf(KIND_OF_TARGET.estimator),
    route: routePaths.filter((p) => !p.includes(':') && !p.includes('*')),
  };
}

type Listener = () => void;
type FocusListener = (pointer: string) => void;

/**
 * The file's problems: `schema` (this document checked as it is typed) and `site` (the cross-file
 * lint of the last save, for this file), as one list: a site problem at a pointer the schema check
 * already names is the server's copy of that schema problem, counted once. The site problems show
 * at their fields as rjsf extraErrors (the form's own validation shows the schema ones); the block
 * badges, the editor's count and its list all count the one list. Snapshots are cached so
 * useSyncExternalStore sees the same object until something changed.
 */
export class ProblemStore {
  private site: PointerProblem[] = [];
  private schema: PointerProblem[] = [];
  private merged: PointerProblem[] = [];
  private siteShown: PointerProblem[] = [];
  private listeners = new Set<Listener>();
  private focusListeners = new Set<FocusListener>();
  private errorSchemas = new Map<string, ErrorSchema | undefined>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  setSite(problems: PointerProblem[]): void {
    if (JSON.stringify(problems) === JSON.stringify(this.site)) return;
    this.site = problems;
    this.errorSchemas.clear();
    this.merge();
  }

  setSchema(problems: PointerProblem[]): void {
    if (JSON.stringify(problems) === JSON.stringify(this.schema)) return;
    this.schema = problems;
    this.errorSchemas.clear();
    this.merge();
  }

  /** Every problem of the file, each once: the schema check's, then the site's it does not repeat. */
  all(): PointerProblem[] {
    return this.merged;
  }

  /** The site problems the schema check does not repeat (shown at their fields as extraErrors). */
  siteProblems(): PointerProblem[] {
    return this.siteShown;
  }

  /** The site problems under a pointer as an ErrorSchema relative to it (the same object until they change). */
  errorSchemaUnder(prefix: string): ErrorSchema | undefined {
    if (!this.errorSchemas.has(prefix)) this.errorSchemas.set(prefix, errorSchemaOf(problemsUnder(this.siteShown, prefix)));
    return this.errorSchemas.get(prefix);
  }

  /** How many problems lie under a pointer (the same count the editor's list shows). */
  countUnder(prefix: string): number {
    return problemsUnder(this.merged, prefix).length;
  }

  /** Asks the form to open what holds the pointer and focus its field (a click on a problem). */
  focus(pointer: string): void {
    for (const l of this.focusListeners) l(pointer);
  }

  onFocus(listener: FocusListener): () => void {
    this.focusListeners.add(listener);
    return () => this.focusListeners.delete(listener);
  }

  private merge(): void {
    const named = new Set(this.schema.map((p) => p.pointer));
    const siteShown = this.site.filter((p) => !named.has(p.pointer));
    if (JSON.stringify(siteShown) !== JSON.stringify(this.siteShown)) this.siteShown = siteShown;
    this.merged = [...this.schema, ...this.siteShown];
    for (const l of this.listeners) l();
  }
}
