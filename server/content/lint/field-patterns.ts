/**
 * The typed rules of a form field: `pattern` with its `patternMessage`, and `format`. A schema
 * cannot see that a pattern is a regular expression at all, so the lint compiles it as the browser
 * and the server will (the whole value must match, Unicode mode; the server with RE2,
 * ../../services/linear-patterns.ts) and refuses one that would fail in either. It also refuses a
 * pattern on which a backtracking engine, a visitor's browser, can take exponential time: the
 * server's engine is linear whatever the pattern, but the browser checks the value as it is typed,
 * and "(a+)+" or "([a-z]|[a-z0-9])+" would freeze the visitor's page. recheck decides that (its
 * automaton checker, exact for what RE2 accepts); a pattern it cannot decide in time is let be, as
 * the server cannot be stopped by it. A polynomial pattern is refused above MAX_PATTERN_DEGREE: the
 * common e-mail shapes ("\S+@\S+") are quadratic, which costs a browser little on what a person
 * types, but "\d*\d*\d*…" of degree 12 freezes it on a value of a few dozen characters.
 * And a rule on a field that has no typed value (a select, a checkbox, a file) would silently do
 * nothing, so the lint says so.
 */
import { createRequire } from 'node:module';
import { TEXT_LIKE_FIELD_TYPES } from '../../../schemas/forms/form-field.schema';
import { linearPatternProblem } from '../../services/linear-patterns';
import type { DefinitionProblem } from '../definition-problem';
import { isRecord, walkJson } from './json-pointer';
import { walkedValidFiles, type LintInput } from './lint-input';

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

type Recheck = typeof import('recheck');
let recheck: Recheck | undefined;

/** How a backtracking engine's time grows with the value's length, as far as recheck could tell. */
export type Backtracking = { kind: 'exponential' } | { kind: 'polynomial'; degree: number } | { kind: 'linear' };
const verdicts = new Map<string, Backtracking>();

/** How long recheck may think about one pattern; past it the pattern is let be. */
const RECHECK_TIMEOUT_MS = 2000;

/** The highest degree of polynomial time a field's pattern may take in a visitor's browser. */
export const MAX_PATTERN_DEGREE = 2;

/**
 * How a backtracking engine's time grows on the worst value of this pattern, as the browser runs
 * it ('linear' too when recheck cannot tell in time). recheck is loaded on the first pattern (5 MB
 * of JavaScript) and runs in this thread ("pure"): its default starts a worker and a native helper
 * process.
 */
export function backtracking(pattern: string): Backtracking {
  let verdict = verdicts.get(pattern);
  if (verdict === undefined) {
    process.env.RECHECK_SYNC_BACKEND ??= 'pure';
    recheck ??= createRequire(import.meta.url)('recheck') as Recheck;
    const result = recheck.checkSync(`^(?:${pattern})$`, 'u', { checker: 'automaton', timeout: RECHECK_TIMEOUT_MS });
    const complexity = result.status === 'vulnerable' ? result.complexity : undefined;
    verdict = complexity?.type === 'exponential' ? { kind: 'exponential' } : complexity?.type === 'polynomial' ? { kind: 'polynomial', degree: complexity.degree } : { kind: 'linear' };
    verdicts.set(pattern, verdict);
  }
  return verdict;
}

/** Whether a backtracking engine can take exponential time on some value of this pattern, as the browser runs it. */
export function backtracksExponentially(pattern: string): boolean {
  return backtracking(pattern).kind === 'exponential';
}

/** The field as the form shows it: its label, else its name. */
const fieldWords = (name: string, label: unknown) => `"${typeof label === 'string' && label.trim() ? label.trim() : name}"`;

export function checkFieldPatterns(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const [file, data] of walkedValidFiles(input)) {
    walkJson(data, (value, pointer) => {
      if (!isRecord(value) || typeof value.type !== 'string' || typeof value.name !== 'string' || !/\/fields\/\d+$/.test(pointer)) return;
      const type = value.type;
      if (typeof value.pattern === 'string') {
        const syntax = patternSyntaxProblem(value.pattern);
        if (!TEXT_LIKE.has(type)) {
          problems.push({ file, pointer: `${pointer}/pattern`, message: `applies only to fields whose value is typed (text, email, tel, textarea, password); a ${type} field would ignore it` });
        } else if (syntax) {
          problems.push({ file, pointer: `${pointer}/pattern`, message: `is not a regular expression browsers and the server can use (${syntax}); check its brackets and escapes (in JSON a backslash is written \\\\)` });
        } else if (linearPatternProblem(value.pattern)) {
          problems.push({
            file,
            pointer: `${pointer}/pattern`,
            message: `uses what the server's pattern engine cannot run (${linearPatternProblem(value.pattern)}): write it without lookahead, lookbehind or back-references`,
          });
        } else {
          const growth = backtracking(value.pattern);
          if (growth.kind === 'exponential') {
            problems.push({
              file,
              pointer: `${pointer}/pattern`,
              message: 'can match the same text in many ways (such as "(a+)+", or "([a-z]|[a-z0-9])+" for "[a-z0-9]+"), which can freeze a visitor\'s browser on a long value; write it so that each character can match one way only',
            });
          } else if (growth.kind === 'polynomial' && growth.degree > MAX_PATTERN_DEGREE) {
            problems.push({
              file,
              pointer: `${pointer}/pattern`,
              message: `makes the field ${fieldWords(value.name, value.label)} slow to check as a visitor types: its repeated parts can share the same characters in many ways, so the browser's time grows as the value's length to the power ${growth.degree} (at most ${MAX_PATTERN_DEGREE} is allowed); join repeats that match the same characters into one (such as "\\d*" for "\\d*\\d*\\d*"), so that each character can match one way only`,
            });
          }
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
