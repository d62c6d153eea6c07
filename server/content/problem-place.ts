/**
 * A problem's place in the words of the studio's form: `pages/about.json#/blocks/1/html` is
 * "Block 2 (Rich text) · Text". Every list of problems (the studio's field, block, panel and publish
 * bar) leads with it; the JSON pointer stays beside it for the CLI and developers.
 */
import { definitionSchemas, type DefinitionSchemaName } from '../../schemas/index';
import { placeOf } from '../../schemas/definition-places';

export { problemSentence } from '../../schemas/definition-places';
import type { DefinitionProblem } from './definition-problem';

/** The problems with `where` set for those inside a parsed file of a known kind. */
export function placeProblems(problems: DefinitionProblem[], files: ReadonlyMap<string, unknown>, schemaOf: ReadonlyMap<string, DefinitionSchemaName>): DefinitionProblem[] {
  return problems.map((p) => {
    const kind = schemaOf.get(p.file);
    if (!p.pointer || !kind || !files.has(p.file)) return p;
    const where = placeOf(definitionSchemas[kind] as unknown as Record<string, unknown>, files.get(p.file), p.pointer);
    return where ? { ...p, where } : p;
  });
}
