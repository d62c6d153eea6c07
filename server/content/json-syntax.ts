/**
 * Where a JSON text goes wrong, in words an operator can act on. JSON.parse's own messages differ
 * between Node versions, often give no line, and may quote several lines of the file; this small
 * scanner finds the first character that breaks the grammar and says what was expected there.
 */

export interface JsonSyntaxError {
  line: number;
  column: number;
  message: string;
}

class Stop extends Error {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {
    super(expected);
  }
}

export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (expected: string): never => {
    throw new Stop(i, expected);
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail('a closing quote before the end of the line');
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('four hex digits after \\u');
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? '')) fail('a valid escape after the backslash');
      }
      i++;
    }
    if (i >= text.length) fail('a closing quote');
    i++;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail(text[i - 1] === ',' || /,\s*$/.test(text.slice(0, i)) ? 'another property (no comma after the last one)' : 'a property name in double quotes');
        string();
        ws();
        if (text[i] !== ':') fail('a colon after the property name');
        i++;
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') return void i++;
        fail('a comma or a closing }');
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        ws();
        if (text[i] === ']') fail('another entry (no comma after the last one)');
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') return void i++;
        fail('a comma or a closing ]');
      }
    }
    if (c === '"') return string();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    number.lastIndex = i;
    if (c !== undefined && number.test(text)) {
      i = number.lastIndex;
      return;
    }
    fail('a value (text in double quotes, a number, true, false, null, a list or an object)');
  };
  try {
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    value();
    ws();
    if (i < text.length) fail('the end of the file');
    return undefined;
  } catch (err) {
    if (!(err instanceof Stop)) throw err;
    const before = text.slice(0, err.offset).split('\n');
    const found = err.offset >= text.length ? 'the end of the file' : JSON.stringify(text[err.offset]);
    return {
      line: before.length,
      column: before[before.length - 1]!.length + 1,
      message: `found ${found} where ${err.expected} was expected`,
    };
  }
}

/** The problem text for a file JSON.parse refused. */
export function describeJsonSyntax(text: string): string {
  const at = findJsonSyntaxError(text);
  return at ? `is not valid JSON: at line ${at.line}, column ${at.column} ${at.message}` : 'is not valid JSON';
}

export interface DuplicateKey {
  /** JSON pointer of the object that holds the key twice. */
  pointer: string;
  key: string;
  firstLine: number;
  line: number;
}

/**
 * Properties written twice in one object. JSON.parse keeps the last one without a word, so an
 * operator who adds "title" again further down silently loses the first. Call on text that parses.
 */
export function findDuplicateKeys(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  let i = 0;
  let line = 1;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) {
      if (text[i] === '\n') line++;
      i++;
    }
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const segment = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');
  const value = (pointer: string): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const seen = new Map<string, number>();
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        const keyLine = line;
        const key = string();
        const first = seen.get(key);
        if (first !== undefined) found.push({ pointer, key, firstLine: first, line: keyLine });
        else seen.set(key, keyLine);
        ws();
        i++; // colon
        value(`${pointer}/${segment(key)}`);
        ws();
        if (text[i++] === '}') return;
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (let n = 0; ; n++) {
        value(`${pointer}/${n}`);
        ws();
        if (text[i++] === ']') return;
      }
    }
    if (c === '"') return void string();
    // A number or a literal: no newline inside, so skipping to the next delimiter keeps the count.
    while (i < text.length && !',}] \t\n\r'.includes(text[i]!)) i++;
  };
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  value('');
  return found;
}

/**
 * How deep a JSON text nests its lists and groups, read without parsing it (strings skipped), so a
 * text nested thousands deep is measured without the recursion that would overflow the stack in
 * the checks that walk a parsed definition.
 */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: to its closing quote, over escapes
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

/** The deepest nesting a definition may have: the demo store's deepest file nests 12 levels. */
export const MAX_JSON_DEPTH = 32;

/** Why a definition's text nests too deep to be read, or undefined. */
export function tooDeepProblem(text: string): string | undefined {
  const depth = jsonNestingDepth(text);
  return depth > MAX_JSON_DEPTH ? `nests lists and groups ${depth} levels deep; the store reads at most ${MAX_JSON_DEPTH} levels, so flatten it` : undefined;
}
