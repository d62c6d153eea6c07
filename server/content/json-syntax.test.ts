import { describe, expect, it } from 'vitest';
import { describeJsonSyntax, findDuplicateKeys, findJsonSyntaxError } from './json-syntax';

describe('findJsonSyntaxError', () => {
  it('accepts what JSON.parse accepts', () => {
    for (const text of ['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"]} ', '"s"', '0']) {
      expect(findJsonSyntaxError(text), text).toBeUndefined();
    }
  });

  it('points at a trailing comma', () => {
    expect(describeJsonSyntax('{\n  "a": [1, 2,\n  ]\n}')).toBe(
      'is not valid JSON: at line 3, column 3 found "]" where another entry (no comma after the last one) was expected',
    );
    expect(describeJsonSyntax('{ "a": 1, }')).toBe('is not valid JSON: at line 1, column 11 found "}" where another property (no comma after the last one) was expected');
  });

  it('points at a missing comma, an unquoted name, a missing colon and an unclosed text', () => {
    expect(findJsonSyntaxError('{ "a": 1\n  "b": 2 }')).toEqual({ line: 2, column: 3, message: 'found "\\"" where a comma or a closing } was expected' });
    expect(findJsonSyntaxError('{ a: 1 }')?.message).toBe('found "a" where a property name in double quotes was expected');
    expect(findJsonSyntaxError('{ "a" 1 }')?.message).toBe('found "1" where a colon after the property name was expected');
    expect(findJsonSyntaxError('{ "a": "x }')?.message).toBe('found the end of the file where a closing quote was expected');
    expect(findJsonSyntaxError('{ "a": 1 } x')?.message).toBe('found "x" where the end of the file was expected');
    expect(findJsonSyntaxError('')?.message).toBe('found the end of the file where a value (text in double quotes, a number, true, false, null, a list or an object) was expected');
  });
});

describe('findDuplicateKeys', () => {
  it('finds a property written twice in one object, with the object pointer and both lines', () => {
    const text = '{\n  "blocks": [\n    { "type": "cards",\n      "title": "A",\n      "items": [],\n      "title": "B" }\n  ],\n  "a/b": { "x": 1, "x": 2 }\n}';
    expect(findDuplicateKeys(text)).toEqual([
      { pointer: '/blocks/0', key: 'title', firstLine: 4, line: 6 },
      { pointer: '/a~1b', key: 'x', firstLine: 8, line: 8 },
    ]);
  });

  it('finds nothing in ordinary JSON, escapes and nesting included', () => {
    expect(findDuplicateKeys('{"a": "x\\"y", "b": {"a": [1, {"a": true}]}, "c": null}')).toEqual([]);
    expect(findDuplicateKeys('[{"a": 1}, {"a": 2}]')).toEqual([]);
  });
});
