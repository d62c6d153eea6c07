/**
 * A page block `{ "type": "popup", "popups": ["newsletter"] }` shows popups of popups/ by file name
 * (popups/newsletter.json). A name with no file is never shown and nothing says so at run time, so
 * the lint says so here, with the closest existing name. A popup file that is broken (not JSON, or
 * failing its schema) exists: it is reported at the popup, not again at every page naming it.
 */
import type { DefinitionProblem } from '../definition-problem';
import { didYouMean } from '../../../schemas/evaluators/closest-name';
import { isRecord, walkJson } from './json-pointer';
import { fileStem, parsedFilesOf, presentFilesOf, type LintInput } from './lint-input';

export function checkPopupReferences(input: LintInput): DefinitionProblem[] {
  const popups = new Set(presentFilesOf(input, 'popup').map(fileStem));
  const problems: DefinitionProblem[] = [];
  for (const file of parsedFilesOf(input)) {
    if (input.schemaOf.get(file) !== 'page') continue;
    walkJson(input.files.get(file), (value, pointer) => {
      if (!isRecord(value) || value.type !== 'popup' || !Array.isArray(value.popups)) return;
      value.popups.forEach((name, i) => {
        if (typeof name !== 'string' || popups.has(name)) return;
        problems.push({ file, pointer: `${pointer}/popups/${i}`, message: `there is no popup named "${name}"${didYouMean(name, popups)}` });
      });
    });
  }
  return problems;
}
