/**
 * The estimator's sections: Next validates the fields of every section up to the current
 * one; invalid input opens every accordion that holds an error; Next with valid input opens the
 * section its `next.path` names; Print and Submit validate the whole form.
 */
import type { FormField, GroupField } from '../forms/form-field.schema';
import type { FormValues } from './field-values';
import { validateFields } from './field-validation';
import { inputFields } from './visibility';

export interface SectionCheck {
  /** Field name -> message. */
  errors: Record<string, string>;
  /** Names of the sections holding an error, in order: the ones to open. */
  sectionsWithErrors: string[];
}

function sections(fields: readonly FormField[]): GroupField[] {
  return fields.filter((f): f is GroupField => f.type === 'group');
}

function check(all: readonly FormField[], upTo: readonly FormField[], values: FormValues): SectionCheck {
  // Visibility is settled over the whole template: a later section's value may hide an earlier field.
  const { errors: allErrors } = validateFields(all, values);
  const names = new Set(inputFields(upTo).map((f) => f.name));
  const errors = Object.fromEntries(Object.entries(allErrors).filter(([name]) => names.has(name)));
  const sectionsWithErrors = sections(upTo)
    .filter((s) => s.fields.some((f) => f.name in errors))
    .map((s) => s.name);
  return { errors, sectionsWithErrors };
}

/** What Next checks in section `index`: that section and every one before it. */
export function checkSectionsUpTo(fields: readonly FormField[], index: number, values: FormValues): SectionCheck {
  return check(fields, fields.slice(0, index + 1), values);
}

/** What Print and Submit check: every section. */
export function checkAllSections(fields: readonly FormField[], values: FormValues): SectionCheck {
  return check(fields, fields, values);
}

/** The index of the section Next opens: the one its next.path names, else the following one; null at the end. */
export function nextSectionIndex(fields: readonly FormField[], index: number): number | null {
  const current = fields[index];
  const target = current?.type === 'group' ? current.actions?.next?.path : undefined;
  if (target !== undefined) {
    const found = fields.findIndex((f) => f.name === target);
    if (found >= 0) return found;
  }
  return index + 1 < fields.length ? index + 1 : null;
}

/** The section open at first, and again after Reset or a successful send: the first accordion. */
export function firstAccordionIndex(fields: readonly FormField[]): number | null {
  const i = fields.findIndex((f) => f.type === 'group' && (f.layout ?? 'accordion') === 'accordion');
  return i >= 0 ? i : null;
}
