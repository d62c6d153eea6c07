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

/**
 * The file's problems: `site` (the cross-file lint of the last save, for this file) shown at the
 * fields as rjsf extraErrors, and `schema` (this document checked as it is typed) counted per block.
 * Snapshots are cached so useSyncExternalStore sees the same object until something changed.
 */
export class ProblemStore {
  private site: PointerProblem[] = [];
  private schema: PointerProblem[] = [];
  private listeners = new Set<Listener>();
  private errorSchemas = new Map<string, ErrorSchema | undefined>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  setSite(problems: PointerProblem[]): void {
    if (JSON.stringify(problems) === JSON.stringify(this.site)) return;
    this.site = problems;
    this.errorSchemas.clear();
    this.emit();
  }

  setSchema(problems: PointerProblem[]): void {
    if (problems.length === 0 && this.schema.length === 0) return;
    this.schema = problems;
    this.emit();
  }

  siteProblems(): PointerProblem[] {
    return this.site;
  }

  /** The site problems under a pointer as an ErrorSchema relative to it (the same object until they change). */
  errorSchemaUnder(prefix: string): ErrorSchema | undefined {
    if (!this.errorSchemas.has(prefix)) this.errorSchemas.set(prefix, errorSchemaOf(problemsUnder(this.site, prefix)));
    return this.errorSchemas.get(prefix);
  }

  /** How many problems (schema and site) lie under a pointer. */
  countUnder(prefix: string): number {
    return problemsUnder(this.schema, prefix).length + problemsUnder(this.site, prefix).length;
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}
