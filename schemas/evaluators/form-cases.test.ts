import { describe, expect, it } from 'vitest';
import { isFormDefinition, lastProblems } from './definition-guards';
import { FORM_CASE_FORMS, FORM_CASES } from './form-cases';
import { checkSubmission } from './form-submission';

const forms = new Map(FORM_CASE_FORMS.map((f) => [f.name, f]));

describe('the shared table of form cases', () => {
  it('every form of the table is a valid definition', () => {
    for (const form of FORM_CASE_FORMS) expect(isFormDefinition(form), JSON.stringify(lastProblems('form'))).toBe(true);
  });

  it.each(FORM_CASES.filter((c) => c.only !== 'server').map((c) => [c.title, c] as const))('%s', (_title, c) => {
    const form = forms.get(c.form);
    expect(form, c.form).toBeDefined();
    const stored = Object.assign({}, ...(c.previousSteps ?? []));
    const check = checkSubmission(form!, { ...stored, ...c.values }, { stepIndex: c.step ?? 0, recaptchaToken: c.recaptchaToken });
    expect(check.errors).toEqual(c.errors);
  });
});
