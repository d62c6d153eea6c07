/**
 * A popup component or a block `{ "type": "form", "form": "contact" }` shows a form of forms/; it
 * must name one that exists (by its `name`, which by convention is also its file name). And a password
 * field belongs only in an account form (`account`), whose values go to the account endpoints: any
 * other form is stored as a submission and e-mailed, which a password must never be.
 */
import type { DefinitionProblem } from '../definition-problem';
import { isRecord, walkJson } from './json-pointer';
import { fileStem, parsedFilesOf, presentFilesOf, walkedValidFiles, type LintInput } from './lint-input';

export function checkFormReferences(input: LintInput): DefinitionProblem[] {
  // Every form in the folder, broken or not: a form that is not JSON is reported once, at the form.
  const forms = new Set<string>();
  for (const file of presentFilesOf(input, 'form')) {
    forms.add(fileStem(file));
    const data = input.files.get(file);
    if (isRecord(data) && typeof data.name === 'string') forms.add(data.name);
  }
  const problems: DefinitionProblem[] = [];
  for (const [file, data] of walkedValidFiles(input)) {
    const schema = input.schemaOf.get(file);
    const plainForm = schema === 'form' && isRecord(data) && data.account === undefined;
    if (!plainForm && schema !== 'estimator-template') continue;
    walkJson(data, (value, pointer) => {
      if (isRecord(value) && value.type === 'password') {
        problems.push({ file, pointer: `${pointer}/type`, message: 'a password field belongs only in an account form (give the form "account")' });
      }
    });
  }
  for (const file of parsedFilesOf(input)) {
    if (input.schemaOf.get(file) === 'form') continue;
    walkJson(input.files.get(file), (value, pointer) => {
      if (!isRecord(value) || value.type !== 'form' || typeof value.form !== 'string') return;
      if (!forms.has(value.form)) {
        problems.push({ file, pointer: `${pointer}/form`, message: `there is no form named "${value.form}"` });
      }
    });
  }
  return problems;
}
