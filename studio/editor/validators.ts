/**
 * The studio's validators at run time: the precompiled modules of studio/generated (no schema is
 * compiled in the browser, so the studio works under a CSP without 'unsafe-eval'), loaded per kind of
 * definition the first time a file of that kind is opened, and wrapped for rjsf with
 * createPrecompiledValidator. `checkDefinition` runs the same validators over a whole document for
 * the raw-JSON view, so both views report the same errors.
 */
import type { RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { ErrorObject } from 'ajv';
import { closestName } from '../../schemas/evaluators/closest-name';
import { blockSchemaByType, blockTypes, formSchemas, type DefinitionSchemaName } from './form-schemas';
import { ajvProblems, errorSchemaOf, pointerToPath, type PointerProblem } from './problems';

interface GeneratedModule {
  root: ValidatorFunctions;
  blocks?: Record<string, ValidatorFunctions>;
}

const loaders: Record<DefinitionSchemaName, () => Promise<GeneratedModule>> = {
  page: () => import('../generated/page.validators.js'),
  routes: () => import('../generated/routes.validators.js'),
  'site-settings': () => import('../generated/site-settings.validators.js'),
  'payment-methods': () => import('../generated/payment-methods.validators.js'),
  'shipping-methods': () => import('../generated/shipping-methods.validators.js'),
  'tax-rules': () => import('../generated/tax-rules.validators.js'),
  dealers: () => import('../generated/dealers.validators.js'),
  form: () => import('../generated/form.validators.js'),
  popup: () => import('../generated/popup.validators.js'),
  'estimator-template': () => import('../generated/estimator-template.validators.js'),
  'estimator-pricing': () => import('../generated/estimator-pricing.validators.js'),
  'kitchen-planner': () => import('../generated/kitchen-planner.validators.js'),
  'product-style': () => import('../generated/product-style.validators.js'),
  'product-categories': () => import('../generated/product-categories.validators.js'),
  'search-items': () => import('../generated/search-items.validators.js'),
  'price-groups': () => import('../generated/price-groups.validators.js'),
  'cabinet-line': () => import('../generated/cabinet-line.validators.js'),
  countertops: () => import('../generated/countertops.validators.js'),
  services: () => import('../generated/services.validators.js'),
  blogs: () => import('../generated/blogs.validators.js'),
  'blog-authors': () => import('../generated/blog-authors.validators.js'),
  'blog-categories': () => import('../generated/blog-categories.validators.js'),
  faqs: () => import('../generated/faqs.validators.js'),
  reviews: () => import('../generated/reviews.validators.js'),
  gallery: () => import('../generated/gallery.validators.js'),
};

export interface KindValidators {
  kind: DefinitionSchemaName;
  schema: RJSFSchema;
  root: ValidatorType;
  /** Pages only: the validator of each block type's form. */
  blocks: ReadonlyMap<string, ValidatorType>;
}

const cache = new Map<DefinitionSchemaName, Promise<KindValidators>>();

/**
 * rjsf asks `isValid` about subschemas while it renders (which oneOf option a value is, which branch
 * of an if). The build compiles every one it can foresee; should one still be missing (a schema that
 * changed without `npm run build:studio-validators`), the form guesses "no match" rather than
 * crashing, and says so once in the console.
 */
function tolerant(validator: ValidatorType): ValidatorType {
  const isValid = validator.isValid.bind(validator);
  let warned = false;
  validator.isValid = (schema, formData, rootSchema) => {
    try {
      return isValid(schema, formData, rootSchema);
    } catch (e) {
      if (!warned) {
        warned = true;
        console.warn('studio: a subschema has no precompiled validator; run npm run build:studio-validators.', e);
      }
      return false;
    }
  };
  return validator;
}

/**
 * The form's own check as it is typed, in the words of the editor's problem list (ajvProblems), not
 * rjsf's ("must have required property 'Path'"): a problem is worded once, at its field as in the
 * list and over the preview.
 */
function inTheListsWords(validator: ValidatorType): ValidatorType {
  validator.validateFormData = (formData, schema) => {
    const problems = ajvProblems(raw(validator, schema, formData));
    const errors: RJSFValidationError[] = problems.map((p) => {
      const property = pointerToPath(p.pointer).map((s) => `.${s}`).join('');
      return { property, message: p.message, stack: `${property || '.'} ${p.message}`.trim() };
    });
    return { errors, errorSchema: errorSchemaOf(problems) ?? {} };
  };
  return validator;
}

const forForms = (validator: ValidatorType): ValidatorType => inTheListsWords(tolerant(validator));

export function loadValidators(kind: DefinitionSchemaName): Promise<KindValidators> {
  let p = cache.get(kind);
  if (!p) {
    p = loaders[kind]().then((mod) => {
      const blocks = new Map<string, ValidatorType>();
      for (const [type, fns] of Object.entries(mod.blocks ?? {})) {
        const schema = blockSchemaByType.get(type);
        if (schema) blocks.set(type, forForms(createPrecompiledValidator(fns, schema)));
      }
      return { kind, schema: formSchemas[kind], root: forForms(createPrecompiledValidator(mod.root, formSchemas[kind])), blocks };
    });
    p.catch(() => cache.delete(kind));
    cache.set(kind, p);
  }
  return p;
}

function raw(validator: ValidatorType, schema: RJSFSchema, data: unknown): ErrorObject[] {
  return (validator.rawValidation<ErrorObject>(schema, data).errors ?? []) as ErrorObject[];
}

/** The block type a misspelt one meant: the store's one bounded suggestion, a little more tolerant of short names. */
function closestType(type: string): string | undefined {
  return closestName(type, blockTypes, { tolerance: (length) => Math.max(2, Math.floor(length / 3)) });
}

/** Every schema error of a whole document, by JSON pointer: the form's root, then (pages) each block by its type. */
export function checkDefinition(v: KindValidators, data: unknown): PointerProblem[] {
  const problems = ajvProblems(raw(v.root, v.schema, data));
  if (v.kind === 'page' && data && typeof data === 'object' && Array.isArray((data as { blocks?: unknown }).blocks)) {
    ((data as { blocks: unknown[] }).blocks).forEach((block, i) => {
      const type = block && typeof block === 'object' ? (block as { type?: unknown }).type : undefined;
      const validator = typeof type === 'string' ? v.blocks.get(type) : undefined;
      const schema = typeof type === 'string' ? blockSchemaByType.get(type) : undefined;
      if (validator && schema) problems.push(...ajvProblems(raw(validator, schema, block), `/blocks/${i}`));
      else if (typeof type === 'string') {
        const near = closestType(type);
        const at = problems.findIndex((p) => p.pointer === `/blocks/${i}/type`);
        const message = `Unknown block type "${type}".${near ? ` Did you mean "${near}"?` : ''}`;
        if (at >= 0) problems[at] = { pointer: `/blocks/${i}/type`, message };
        else problems.push({ pointer: `/blocks/${i}/type`, message });
      }
    });
  }
  return problems;
}
