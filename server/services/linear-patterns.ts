/**
 * The server's engine for form fields' patterns: RE2 (re2js, a JavaScript port of Google's RE2),
 * which matches in time linear in the value's length whatever the pattern. The server runs every
 * visitor's value through the form's patterns, and with a backtracking engine (V8's RegExp) one
 * pattern such as "([a-z]|[a-z0-9])+" and one 50-character value keep the event loop busy for
 * minutes: the whole store stops. Chosen over the `re2` native binding (a C++ build, or a binary
 * fetched from GitHub at install) and over V8's own non-backtracking engine (a process flag,
 * `--enable-experimental-regexp-engine`, that every way of starting the server and every test
 * worker would have to carry): re2js is plain JavaScript and needs nothing at start.
 *
 * The pattern is read as the browser reads it (JavaScript syntax, Unicode mode, the whole value must
 * match): re2js translates the JavaScript escapes, and `\s` is given JavaScript's wider set of
 * spaces. What RE2 cannot run (lookaround, back-references) the lint refuses before a publish
 * (../content/lint/field-patterns.ts); should one reach this, it is not applied, as the browser
 * does with a pattern it cannot compile.
 */
import { RE2JS } from 're2js';
import { browserPatternEngine, usePatternEngine, type CompiledPattern, type PatternEngine } from '../../schemas/evaluators/field-validation';

/** JavaScript's `\s`: RE2's has only the ASCII spaces. */
const JS_SPACES = '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';

/** An RE2 pattern with each `\s` (in a class or not) and `\S` (outside a class) meaning what it means to JavaScript. */
function withJavaScriptSpaces(re2: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < re2.length; i++) {
    const c = re2[i]!;
    if (c === '\\') {
      const next = re2[i + 1] ?? '';
      i++;
      if (next === 's') out += inClass ? JS_SPACES : `[${JS_SPACES}]`;
      else if (next === 'S' && !inClass) out += `[^${JS_SPACES}]`;
      else out += c + next;
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    out += c;
  }
  return out;
}

/** Why RE2 cannot run a pattern (its parser's words), or undefined when it can. */
export function linearPatternProblem(pattern: string): string | undefined {
  try {
    RE2JS.compile(withJavaScriptSpaces(RE2JS.translateRegExp(`^(?:${pattern})$`)));
    return undefined;
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    return text.replace(/^error parsing regexp: /, '');
  }
}

export const linearPatternEngine: PatternEngine = (pattern) => {
  // A pattern the browser cannot compile is not applied there: nor here, so both agree.
  if (browserPatternEngine(pattern) === null) return null;
  try {
    const re = RE2JS.compile(withJavaScriptSpaces(RE2JS.translateRegExp(`^(?:${pattern})$`)));
    const compiled: CompiledPattern = { test: (value) => re.matches(value) };
    return compiled;
  } catch {
    return null;
  }
};

/** Every field pattern the server checks from now on runs in linear time. */
export function useLinearPatterns(): void {
  usePatternEngine(linearPatternEngine);
}
