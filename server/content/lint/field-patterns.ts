/**
 * The typed rules of a form field: `pattern` with its `patternMessage`, and `format`. A schema
 * cannot see that a pattern is a regular expression at all, so the lint compiles it as the browser
 * and the server will (the whole value must match, Unicode mode) and refuses one that would fail
 * there. It also refuses a pattern that repeats a group that itself repeats ("(a+)+"): such a
 * pattern can take seconds or minutes on a long value, and the server runs it on every submission.
 * And a rule on a field that has no typed value (a select, a checkbox, a file) would silently do
 * nothing, so the lint says so.
 */
import { TEXT_LIKE_FIELD_TYPES } from '../../../schemas/forms/form-field.schema';
import type { DefinitionProblem } from '../definition-problem';
import { isRecord, walkJson } from './json-pointer';
import { comparePaths, type LintInput } from './lint-input';

const TEXT_LIKE = new Set<string>(TEXT_LIKE_FIELD_TYPES);
const PHONE_TYPES = new Set(['text', 'tel']);

/** Why a pattern cannot be used, or undefined when it compiles as the evaluator compiles it. */
export function patternSyntaxProblem(pattern: string): string | undefined {
  try {
    new RegExp(`^(?:${pattern})$`, 'u');
    return undefined;
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    return text.slice(text.lastIndexOf(': ') + 2) || text;
  }
}

/**
 * Whether a pattern repeats (with *, +, {n,} or {n,m}) a group that itself holds a repetition: the shape
 * of catastrophic backtracking. Escapes and character classes are skipped; not a full parser, but
 * it finds (a+)+, (\d*)*, ([a-z]+\s?)+, (?:x{2,})* and (a+){10}.
 */
export function hasNestedRepetition(pattern: string): boolean {
  const groups: boolean[] = [false]; // per open group: does it hold a repetition?
  let lastGroupRepeats: boolean | undefined; // set right after a ")" closes a group
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const closed = lastGroupRepeats;
    lastGroupRepeats = undefined;
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '[') {
      for (i++; i < pattern.length && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
      continue;
    }
    if (c === '(') {
      groups.push(false);
      continue;
    }
    if (c === ')') {
      const inner = groups.pop() ?? false;
      if (inner) groups[groups.length - 1] = true;
      lastGroupRepeats = inner;
      continue;
    }
    if (c === '*' || c === '+' || (c === '{' && repeatsMoreThanOnce(pattern.slice(i)))) {
      if (closed) return true;
      groups[groups.length - 1] = true;
    }
  }
  return false;
}

/** Whether "{n}", "{n,}" or "{n,m}" at the start of `text` may repeat more than once. */
function repeatsMoreThanOnce(text: string): boolean {
  const m = /^\{(\d+)(,(\d*))?\}/.exec(text);
  if (!m) return false;
  if (m[2] === undefined) return Number(m[1]) > 1;
  return m[3] === '' || Number(m[3]) > 1;
}

export function checkFieldPatterns(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const file of [...input.valid].sort(comparePaths)) {
    walkJson(input.files.get(file), (value, pointer) => {
      if (!isRecord(value) || typeof value.type !== 'string' || typeof value.name !== 'string' || !/\/fields\/\d+$/.test(pointer)) return;
      const type = value.type;
      if (typeof value.pattern === 'string') {
        const syntax = patternSyntaxProblem(value.pattern);
        if (!TEXT_LIKE.has(type)) {
          problems.push({ file, pointer: `${pointer}/pattern`, message: `applies only to fields whose value is typed (text, email, tel, textarea, password); a ${type} field would ignore it` });
        } else if (syntax) {
          problems.push({ file, pointer: `${pointer}/pattern`, message: `is not a regular expression browsers and the server can use (${syntax}); check its brackets and escapes (in JSON a backslash is written \\\\)` });
        } else if (hasNestedRepetition(value.pattern)) {
          problems.push({
            file,
            pointer: `${pointer}/pattern`,
            message: 'repeats a group that itself repeats (such as "(a+)+"), which can take the server minutes on a long value; write it without the nested repetition',
          });
        }
      } else if (typeof value.patternMessage === 'string') {
        problems.push({ file, pointer: `${pointer}/patternMessage`, message: 'explains a pattern this field does not have: add "pattern", or remove "patternMessage"' });
      }
      if (typeof value.format === 'string' && !PHONE_TYPES.has(type)) {
        problems.push({ file, pointer: `${pointer}/format`, message: `"${value.format}" applies to text and tel fields; a ${type} field would ignore it` });
      }
    });
  }
  return problems;
}
