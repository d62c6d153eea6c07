/**
 * The text side of a definition: parsing with the line and column of a syntax error, finding where
 * a JSON pointer's value starts (so a schema error of the raw view names its line), and the stable
 * formatting the studio writes (two spaces, a final newline: what the content folder's files use).
 */

export type ParseResult = { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number; offset: number };

export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/**
 * A small JSON scanner that records the offset where each value starts, by JSON pointer. Only used
 * to place messages (JSON.parse gives the value), so it is written for clarity, not speed.
 */
function scan(text: string, onValue?: (pointer: string, offset: number) => void): void {
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const fail = (what: string): never => {
    if (i >= text.length) throw new JsonSyntaxError(`The text ends too early: ${what}.`, text.length);
    throw new JsonSyntaxError(`Unexpected ${JSON.stringify(text[i])}: ${what}.`, i);
  };
  const string = (): string => {
    if (text[i] !== '"') fail('expected a string in double quotes');
    const start = i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      else if (text.charCodeAt(i) < 0x20) throw new JsonSyntaxError('A line break or control character inside a string (write \\n).', i);
      i++;
    }
    if (i >= text.length) throw new JsonSyntaxError('A string is not closed with a double quote.', start);
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      throw new JsonSyntaxError('A string has a bad escape (\\ followed by something JSON does not know).', start);
    }
  };
  const value = (pointer: string): void => {
    ws();
    onValue?.(pointer, i);
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        const key = string();
        ws();
        if (text[i] !== ':') fail(`expected ":" after the name "${key}"`);
        i++;
        value(`${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
        ws();
        if (text[i] === ',') {
          i++;
          ws();
          if (text[i] === '}') fail('a comma before "}" (remove the last comma)');
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail('expected "," or "}" (a missing comma?)');
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (let n = 0; ; n++) {
        value(`${pointer}/${n}`);
        ws();
        if (text[i] === ',') {
          i++;
          ws();
          if (text[i] === ']') fail('a comma before "]" (remove the last comma)');
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail('expected "," or "]" (a missing comma?)');
      }
    }
    if (c === '"') {
      string();
      return;
    }
    const literal = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(i, i + 64));
    if (!literal) fail('expected a value (text in quotes, a number, true, false, null, { } or [ ])');
    i += literal![0].length;
  };
  value('');
  ws();
  if (i < text.length) fail('more text after the end of the JSON');
}

export function parseJson(text: string): ParseResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    try {
      scan(text);
    } catch (err) {
      if (err instanceof JsonSyntaxError) return { ok: false, message: err.message, offset: err.offset, ...lineColumn(text, err.offset) };
    }
    return { ok: false, message: (e as Error).message, offset: 0, line: 1, column: 1 };
  }
}

/** Where each value of the text starts, by JSON pointer ('' is the whole document). The text must parse. */
export function valueOffsets(text: string): Map<string, number> {
  const out = new Map<string, number>();
  try {
    scan(text, (pointer, offset) => out.set(pointer, offset));
  } catch {
    // A text that does not parse has no pointers.
  }
  return out;
}

/** The line and column of the nearest value the pointer names (a missing property: its object). */
export function pointerPosition(offsets: Map<string, number>, text: string, pointer: string): { line: number; column: number } {
  let p = pointer;
  for (;;) {
    const at = offsets.get(p);
    if (at !== undefined) return lineColumn(text, at);
    if (p === '') return { line: 1, column: 1 };
    p = p.slice(0, p.lastIndexOf('/'));
  }
}
