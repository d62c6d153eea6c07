/**
 * Field references inside a form-like definition (a form, a popup, an estimator, a block with
 * fields): hideWhen (on a field, a group or an option), showWhen (on a field or a group), dependsOn,
 * dynamicOptions and the estimator summary's field lists must name an input field of the same
 * definition, dependsOn must not loop, no two fields share a name, and no field has both hideWhen
 * and showWhen (which would win?).
 *
 * Definitions are walked by their documented shape, not by schema name, so forms inside pages and
 * popups are checked too: an object with a `fields` list of objects (or `steps` with fields) is one
 * definition; groups (`fields` inside a field) and steps share their definition's names.
 */
import type { DefinitionProblem } from '../definition-problem';
import { childPointer, isRecord } from './json-pointer';
import { walkedValidFiles, type LintInput } from './lint-input';

interface FieldEntry {
  name: string;
  pointer: string;
  field: Record<string, unknown>;
  isGroup: boolean;
}

const NOUNS: Record<string, string | undefined> = {
  form: 'this form',
  popup: 'this popup',
  'estimator-template': 'this estimator',
  page: 'this block',
};

function hasFieldObjects(node: Record<string, unknown>): boolean {
  const fieldsOf = (v: unknown) => Array.isArray(v) && v.some((f) => isRecord(f) && typeof f.name === 'string');
  return fieldsOf(node.fields) || (Array.isArray(node.steps) && node.steps.some((s) => isRecord(s) && fieldsOf(s.fields)));
}

function collectFields(list: unknown, pointer: string, out: FieldEntry[]): void {
  if (!Array.isArray(list)) return;
  list.forEach((item, i) => {
    if (!isRecord(item) || typeof item.name !== 'string') return;
    const p = childPointer(pointer, i);
    const isGroup = item.type === 'group';
    out.push({ name: item.name, pointer: p, field: item, isGroup });
    if (Array.isArray(item.fields)) collectFields(item.fields, `${p}/fields`, out);
  });
}

function rootFields(root: Record<string, unknown>, pointer: string): FieldEntry[] {
  const out: FieldEntry[] = [];
  collectFields(root.fields, `${pointer}/fields`, out);
  if (Array.isArray(root.steps)) root.steps.forEach((step, i) => isRecord(step) && collectFields(step.fields, `${pointer}/steps/${i}/fields`, out));
  return out;
}

/** The loops in the dependsOn graph, each once, starting at its field that comes first in the file. */
function dependencyLoops(entries: FieldEntry[], inputs: Map<string, FieldEntry>): FieldEntry[][] {
  const order = new Map(entries.map((e, i) => [e, i]));
  const loops: FieldEntry[][] = [];
  const seen = new Set<string>();
  const done = new Set<FieldEntry>();
  const stack: FieldEntry[] = [];
  const visit = (entry: FieldEntry) => {
    if (done.has(entry)) return;
    const at = stack.indexOf(entry);
    if (at >= 0) {
      const loop = stack.slice(at);
      const first = loop.reduce((a, b) => (order.get(a)! <= order.get(b)! ? a : b));
      const start = loop.indexOf(first);
      const rotated = [...loop.slice(start), ...loop.slice(0, start)];
      const key = rotated.map((e) => e.name).join('\u0000');
      if (!seen.has(key)) {
        seen.add(key);
        loops.push(rotated);
      }
      return;
    }
    stack.push(entry);
    const deps = Array.isArray(entry.field.dependsOn) ? entry.field.dependsOn : [];
    for (const dep of deps) {
      const target = typeof dep === 'string' ? inputs.get(dep) : undefined;
      if (target) visit(target);
    }
    stack.pop();
    done.add(entry);
  };
  entries.forEach(visit);
  return loops;
}

function checkRoot(file: string, root: Record<string, unknown>, pointer: string, noun: string): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const entries = rootFields(root, pointer);
  const inputs = new Map<string, FieldEntry>();
  const groups = new Set<string>();
  const named = new Map<string, FieldEntry>();
  for (const e of entries) {
    // A value is sent under its field's name, so two fields of one name overwrite each other.
    const first = named.get(e.name);
    if (first) problems.push({ file, pointer: `${e.pointer}/name`, message: `repeats the name "${e.name}" of the field at ${first.pointer}; each field needs its own name` });
    else named.set(e.name, e);
    if (e.isGroup) groups.add(e.name);
    else if (!inputs.has(e.name)) inputs.set(e.name, e);
  }
  const unknown = (name: string) =>
    groups.has(name)
      ? `names "${name}", which is a group of fields, not a field with a value`
      : `names the field "${name}", but ${noun} has no field of that name`;
  const checkName = (value: unknown, at: string) => {
    if (typeof value === 'string' && !inputs.has(value)) problems.push({ file, pointer: at, message: unknown(value) });
  };

  for (const e of entries) {
    const { field } = e;
    // An estimator section's Next button opens another section, named by `path`.
    if (e.isGroup && isRecord(field.actions) && isRecord(field.actions.next) && typeof field.actions.next.path === 'string') {
      const target = field.actions.next.path;
      if (!groups.has(target)) {
        problems.push({ file, pointer: `${e.pointer}/actions/next/path`, message: `opens the section "${target}", but ${noun} has no group of that name` });
      }
    }
    if (isRecord(field.hideWhen)) checkName(field.hideWhen.field, `${e.pointer}/hideWhen/field`);
    if (isRecord(field.showWhen)) checkName(field.showWhen.field, `${e.pointer}/showWhen/field`);
    if (field.hideWhen !== undefined && field.showWhen !== undefined) {
      problems.push({
        file,
        pointer: `${e.pointer}/showWhen`,
        message: `is given with hideWhen on the same ${e.isGroup ? 'group' : 'field'}; keep one: showWhen shows it only while its condition holds, hideWhen hides it while its condition holds`,
      });
    }
    if (isRecord(field.dynamicOptions)) checkName(field.dynamicOptions.field, `${e.pointer}/dynamicOptions/field`);
    if (Array.isArray(field.options)) {
      field.options.forEach((o, k) => isRecord(o) && isRecord(o.hideWhen) && checkName(o.hideWhen.field, `${e.pointer}/options/${k}/hideWhen/field`));
    }
    if (Array.isArray(field.dependsOn)) {
      field.dependsOn.forEach((dep, k) => {
        if (dep === e.name) problems.push({ file, pointer: `${e.pointer}/dependsOn/${k}`, message: `makes the field "${e.name}" depend on itself` });
        else checkName(dep, `${e.pointer}/dependsOn/${k}`);
      });
    }
  }

  for (const loop of dependencyLoops(entries.filter((e) => !e.isGroup), inputs)) {
    if (loop.length < 2) continue; // a field naming itself is reported above
    const names = [...loop, loop[0]!].map((e) => `"${e.name}"`).join(' → ');
    problems.push({
      file,
      pointer: `${loop[0]!.pointer}/dependsOn`,
      message: `makes a loop of dependencies: ${names}; a field cannot depend on itself, directly or through other fields`,
    });
  }

  // The estimator summary adds up the prices of named fields.
  if (isRecord(root.summary) && Array.isArray(root.summary.breakdowns)) {
    root.summary.breakdowns.forEach((b, i) => {
      if (!isRecord(b) || !Array.isArray(b.items)) return;
      b.items.forEach((row, j) => {
        if (!isRecord(row) || !Array.isArray(row.fields)) return;
        row.fields.forEach((name, k) => checkName(name, `${pointer}/summary/breakdowns/${i}/items/${j}/fields/${k}`));
      });
    });
  }
  return problems;
}

function findRoots(value: unknown, pointer: string, visit: (root: Record<string, unknown>, pointer: string) => void): void {
  if (Array.isArray(value)) value.forEach((v, i) => findRoots(v, childPointer(pointer, i), visit));
  else if (isRecord(value)) {
    if (hasFieldObjects(value)) return visit(value, pointer);
    for (const [k, v] of Object.entries(value)) findRoots(v, childPointer(pointer, k), visit);
  }
}

export function checkFieldReferences(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const [file, data] of walkedValidFiles(input)) {
    const schema = input.schemaOf.get(file);
    const noun = (schema && NOUNS[schema]) ?? 'this definition';
    findRoots(data, '', (root, pointer) => problems.push(...checkRoot(file, root, pointer, pointer === '' ? noun : schema === 'page' ? 'this block' : 'this form')));
  }
  return problems;
}
