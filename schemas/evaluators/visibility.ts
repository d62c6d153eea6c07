/**
 * Visibility: a field whose hideWhen matches is not shown, not
 * required, and its value is dropped; an option whose hideWhen matches is removed, and cleared if it
 * was chosen. A group's hideWhen hides every field in it. showWhen is hideWhen's opposite:
 * a field or group with showWhen is hidden, with the same consequences, until its condition holds.
 * The browser's form engine and the server both decide here, so the server drops what the visitor
 * could not see.
 */
import type { FieldOption, FormField, HideWhen, InputField } from '../forms/form-field.schema';
import { valueList, type FieldValue, type FormValues } from './field-values';

/** Does the watched field's value equal (one of) the listed values? Compared as text: '1' equals 1. */
export function hideWhenMatches(hideWhen: HideWhen | undefined, values: FormValues): boolean {
  if (!hideWhen) return false;
  const listed = (Array.isArray(hideWhen.equals) ? hideWhen.equals : [hideWhen.equals]).map(String);
  const watched: FieldValue = values[hideWhen.field];
  const held = typeof watched === 'boolean' ? [String(watched)] : valueList(watched);
  // An empty watched field matches only an explicit '' in the list.
  if (held.length === 0) return listed.includes('') || (watched === false && listed.includes('false'));
  return held.some((v) => listed.includes(v));
}

/** Whether a field or group is hidden by its own condition: hideWhen matches, or showWhen does not. */
export function conditionHides(target: { hideWhen?: HideWhen; showWhen?: HideWhen } | undefined, values: FormValues): boolean {
  if (!target) return false;
  return hideWhenMatches(target.hideWhen, values) || (target.showWhen !== undefined && !hideWhenMatches(target.showWhen, values));
}

/** The fields whose values decide whether this field (in this group) is shown: what a form engine must watch. */
export function visibilityWatches(field: InputField, group?: PlacedField['group']): string[] {
  return [field.hideWhen?.field, field.showWhen?.field, group?.hideWhen?.field, group?.showWhen?.field].filter((name): name is string => name !== undefined);
}

/** Input fields of a field list, with the group each sits in (groups hold no groups). */
export interface PlacedField {
  field: InputField;
  group?: Extract<FormField, { type: 'group' }>;
}

export function placeFields(fields: readonly FormField[]): PlacedField[] {
  const out: PlacedField[] = [];
  for (const f of fields) {
    if (f.type === 'group') for (const inner of f.fields) out.push({ field: inner, group: f });
    else out.push({ field: f });
  }
  return out;
}

/** The input fields of a field list, groups opened. */
export function inputFields(fields: readonly FormField[]): InputField[] {
  return placeFields(fields).map((p) => p.field);
}

/** The options currently offered: the dynamic list chosen by another field, else `options`. */
export function currentOptions(field: InputField, values: FormValues): FieldOption[] {
  let options: readonly FieldOption[] = field.options ?? [];
  if (field.dynamicOptions) {
    const key = valueList(values[field.dynamicOptions.field])[0];
    options = (key !== undefined ? field.dynamicOptions.options[key] : undefined) ?? [];
  }
  return options.filter((o) => !hideWhenMatches(o.hideWhen, values));
}

export interface VisibilityResult {
  /** Names of the input fields hidden now. */
  hidden: Set<string>;
  /** The values with hidden fields dropped and removed options cleared. */
  values: Record<string, FieldValue>;
}

function clearRemovedOptions(field: InputField, value: FieldValue, values: FormValues): FieldValue {
  if (!field.options && !field.dynamicOptions) return value;
  const offered = new Set(currentOptions(field, values).map((o) => o.value));
  if (Array.isArray(value)) {
    const kept = valueList(value).filter((v) => offered.has(v));
    return kept.length === value.length ? value : kept;
  }
  if (typeof value === 'string' && value !== '' && !offered.has(value)) return '';
  return value;
}

/**
 * Applies hideWhen to fields and options until nothing changes: hiding a field drops its value, which
 * may in turn show or hide fields that watch it.
 */
export function applyVisibility(fields: readonly FormField[], values: FormValues): VisibilityResult {
  const placed = placeFields(fields);
  let current: Record<string, FieldValue> = { ...values };
  let hidden = new Set<string>();
  for (let round = 0; round <= placed.length; round++) {
    hidden = new Set(
      placed.filter((p) => conditionHides(p.group, current) || conditionHides(p.field, current)).map((p) => p.field.name),
    );
    const next: Record<string, FieldValue> = { ...values };
    for (const { field } of placed) {
      if (hidden.has(field.name)) delete next[field.name];
      else if (field.name in next) next[field.name] = clearRemovedOptions(field, next[field.name], current);
    }
    if (sameValues(next, current)) break;
    current = next;
  }
  return { hidden, values: current };
}

function sameValues(a: Record<string, FieldValue>, b: Record<string, FieldValue>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const x = a[k];
    const y = b[k];
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length || x.some((v, i) => v !== y[i])) return false;
    } else if (x !== y || (k in a) !== (k in b)) return false;
  }
  return true;
}

/** Is this input field hidden now? (For one field; applyVisibility settles chains.) */
export function isFieldHidden(field: InputField, values: FormValues, group?: PlacedField['group']): boolean {
  return conditionHides(group, values) || conditionHides(field, values);
}
