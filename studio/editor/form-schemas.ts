/**
 * The schemas the studio's forms are generated from, derived from the published definition schemas
 * (schemas/index.ts) and nothing else. Shared by the build (scripts/build-studio-validators.ts
 * compiles a validator for each root here) and the browser (each rjsf Form gets the same object as
 * its root): a precompiled validator only accepts the exact root schema it was compiled from.
 *
 * A page is edited as one small form per block (the studio notes: one block per form), so the page
 * form's own schema keeps `blocks` as a list of objects that only name a known type, and each block
 * type's schema is the root of its own form. Everything else is edited with its published schema.
 */
import type { RJSFSchema } from '@rjsf/utils';
import { definitionSchemas, type DefinitionSchemaName } from '../../schemas/index';
import { blockSchemas } from '../../schemas/page.schema';

export type { DefinitionSchemaName };

interface BlockSchemaShape {
  title?: string;
  description?: string;
  properties: { type: { const: string } };
}

/** Every block type a page may use, in the order of the page schema's list. */
export const blockTypes: readonly string[] = (blockSchemas as readonly BlockSchemaShape[]).map((s) => s.properties.type.const);

/** The published schema of each block type, the root of that block's form (the same object every time). */
export const blockSchemaByType: ReadonlyMap<string, RJSFSchema> = new Map(
  (blockSchemas as readonly BlockSchemaShape[]).map((s) => [s.properties.type.const, s as unknown as RJSFSchema]),
);

const publishedPage = definitionSchemas.page;

/** The page form's root: the page schema with each block checked only for a known type (its own form checks the rest). */
export const pageFormSchema: RJSFSchema = {
  ...(publishedPage as unknown as RJSFSchema),
  $id: 'https://showroom.dev/schemas/studio/page-form.schema.json',
  properties: {
    ...(publishedPage.properties as unknown as Record<string, RJSFSchema>),
    blocks: {
      type: 'array',
      description: publishedPage.properties.blocks.description,
      items: {
        type: 'object',
        required: ['type'],
        properties: { type: { enum: [...blockTypes], description: 'Block type.' } },
      },
    },
  },
};

/** The root schema of each kind's form. */
export const formSchemas: Record<DefinitionSchemaName, RJSFSchema> = Object.fromEntries(
  (Object.keys(definitionSchemas) as DefinitionSchemaName[]).map((name) => [name, name === 'page' ? pageFormSchema : (definitionSchemas[name] as unknown as RJSFSchema)]),
) as Record<DefinitionSchemaName, RJSFSchema>;

export const definitionNames = Object.keys(definitionSchemas) as DefinitionSchemaName[];

export function isDefinitionName(name: string): name is DefinitionSchemaName {
  return Object.prototype.hasOwnProperty.call(definitionSchemas, name);
}
