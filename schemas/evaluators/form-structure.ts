/** Where a form's fields are: a single-step form lists them, a multi-step form spreads them over steps. */
import type { FormField } from '../forms/form-field.schema';
import type { FormDefinition } from '../forms/form.schema';

export function isMultiStep(form: FormDefinition): boolean {
  return (form.steps?.length ?? 0) > 0;
}

/** Every field of the form, across all steps. */
export function allFormFields(form: FormDefinition): FormField[] {
  if (!isMultiStep(form)) return [...(form.fields ?? [])];
  const out: FormField[] = [];
  for (const step of form.steps ?? []) out.push(...step.fields);
  return out;
}

/** The fields one step validates (the whole form for a single-step form). */
export function stepFields(form: FormDefinition, stepIndex: number): FormField[] {
  return isMultiStep(form) ? [...(form.steps?.[stepIndex]?.fields ?? [])] : [...(form.fields ?? [])];
}

/** The last step sends the e-mail notifications. */
export function isLastStep(form: FormDefinition, stepIndex: number): boolean {
  return !isMultiStep(form) || stepIndex >= (form.steps?.length ?? 1) - 1;
}
