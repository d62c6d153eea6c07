/**
 * Problems placed at their fields: a problem names a JSON pointer (the server's cross-file lint, the
 * preview's 422, the raw view's schema check), an rjsf form wants an ErrorSchema shaped like its data.
 */
import { ErrorSchemaBuilder, type ErrorSchema } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';

export interface PointerProblem {
  pointer: string;
  message: string;
}

export function pointerToPath(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function pathToPointer(path: readonly (string | number)[]): string {
  return path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The problems under `prefix` (e.g. /blocks/3), with pointers relative to it. */
export function problemsUnder(problems: readonly PointerProblem[], prefix: string): PointerProblem[] {
  if (prefix === '') return [...problems];
  return problems.filter((p) => p.pointer === prefix || p.pointer.startsWith(`${prefix}/`)).map((p) => ({ ...p, pointer: p.pointer.slice(prefix.length) }));
}

/** rjsf's extraErrors for these problems; undefined when there are none (so a form keeps its props). */
export function errorSchemaOf(problems: readonly PointerProblem[]): ErrorSchema | undefined {
  if (problems.length === 0) return undefined;
  const builder = new ErrorSchemaBuilder();
  for (const p of problems) builder.addErrors(p.message, pointerToPath(p.pointer));
  return builder.ErrorSchema;
}

/** One sentence per ajv error, at the pointer of the property it is about. */
export function ajvProblems(errors: readonly ErrorObject[] | null | undefined, prefix = ''): PointerProblem[] {
  const out: PointerProblem[] = [];
  for (const e of errors ?? []) {
    const params = e.params as Record<string, unknown>;
    let pointer = prefix + e.instancePath;
    let message = e.message ?? 'is not valid';
    if (e.keyword === 'required') {
      pointer += pathToPointer([String(params['missingProperty'])]);
      message = 'This field is required.';
    } else if (e.keyword === 'additionalProperties') {
      pointer += pathToPointer([String(params['additionalProperty'])]);
      message = `"${String(params['additionalProperty'])}" is not a property here.`;
    } else if (e.keyword === 'enum' && Array.isArray(params['allowedValues'])) {
      message = `Must be one of: ${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`;
    } else if (e.keyword === 'pattern') {
      const description = (e.parentSchema as { description?: string } | undefined)?.description;
      message = description ? `Not in the expected form. ${description}` : `Must match ${String(params['pattern'])}.`;
    } else if (e.keyword === 'minLength') {
      message = Number(params['limit']) === 1 ? 'Must not be empty.' : `Must have at least ${String(params['limit'])} characters.`;
    } else if (e.keyword === 'maxLength') {
      message = `Must have at most ${String(params['limit'])} characters.`;
    } else if (e.keyword === 'minItems') {
      message = Number(params['limit']) === 1 ? 'Needs at least one entry.' : `Needs at least ${String(params['limit'])} entries.`;
    } else if (e.keyword === 'type') {
      const words: Record<string, string> = { string: 'text', number: 'a number', integer: 'a whole number', boolean: 'on or off', array: 'a list', object: 'a group of settings' };
      message = `Must be ${String(params['type']).split(',').map((t) => words[t] ?? t).join(' or ')}.`;
    } else {
      message = `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
    }
    // oneOf's summary adds nothing once the chosen option's own errors are listed.
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf' || e.keyword === 'if') continue;
    if (!out.some((p) => p.pointer === pointer && p.message === message)) out.push({ pointer, message });
  }
  return out;
}

/** What can take the focus: a block's own form starts with its type as a hidden input, which cannot. */
const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';
/** What an operator types or chooses in, before any button (a toolbar, "Choose…"); not what waits under "More". */
const TEXT_FIELD = 'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), select, textarea, [contenteditable="true"]';

function firstTextField(within: HTMLElement): HTMLElement | null {
  return [...within.querySelectorAll<HTMLElement>(TEXT_FIELD)].find((el) => !el.closest('details:not([open])')) ?? null;
}

/**
 * Focuses the field of a form (rjsf ids: `{idPrefix}_{segment}_{segment}`) a path names, or the
 * nearest field above it that exists (a missing property's group, a list), and brings it into view.
 * Returns whether something took the focus.
 */
export function focusField(idPrefix: string, path: readonly string[]): boolean {
  for (let k = path.length; k >= 0; k--) {
    const id = k === 0 ? idPrefix : `${idPrefix}_${path.slice(0, k).join('_')}`;
    const found = document.getElementById(id);
    if (!found) continue;
    const target = found.matches(FOCUSABLE) ? found : (firstTextField(found) ?? found.querySelector<HTMLElement>(FOCUSABLE));
    if (!target) continue;
    // A closed section holding the field opens first.
    for (let section = target.closest('details'); section; section = section.parentElement?.closest('details') ?? null) section.open = true;
    target.scrollIntoView?.({ block: 'center' });
    target.focus();
    return true;
  }
  return false;
}
