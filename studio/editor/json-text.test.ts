import { describe, expect, it } from 'vitest';
import { formatJson, lineColumn, parseJson, pointerPosition, valueOffsets } from './json-text';
import { ajvProblems, errorSchemaOf, pathToPointer, pointerToPath, problemsUnder } from './problems';

describe('JSON text', () => {
  it('parses, or says where and why it does not', () => {
    expect(parseJson('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseJson('{\n  "a": 1\n  "b": 2\n}')).toMatchObject({ ok: false, line: 3, column: 3, message: expect.stringMatching(/missing comma/) });
    expect(parseJson('{"a": [1, 2,]}')).toMatchObject({ ok: false, line: 1, column: 13, message: expect.stringMatching(/last comma/) });
    expect(parseJson('{"a": "b')).toMatchObject({ ok: false, message: expect.stringMatching(/not closed/) });
    expect(parseJson('{"a": tru}')).toMatchObject({ ok: false, line: 1, column: 7 });
    expect(parseJson('')).toMatchObject({ ok: false, message: expect.stringMatching(/ends too early/) });
  });

  it('finds the line of a JSON pointer, or of its nearest parent', () => {
    const text = formatJson({ metadata: { title: 'x' }, blocks: [{ type: 'a' }, { type: 'b', 'a/b': 1 }] });
    const offsets = valueOffsets(text);
    expect(pointerPosition(offsets, text, '/blocks/1/type')).toEqual({ line: 10, column: 15 });
    expect(pointerPosition(offsets, text, '/blocks/1/a~1b')).toEqual({ line: 11, column: 14 });
    expect(pointerPosition(offsets, text, '/blocks/1/missing')).toEqual({ line: 9, column: 5 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('problems at their fields', () => {
  it('turns pointers into paths and back', () => {
    expect(pointerToPath('/blocks/0/a~1b~0c')).toEqual(['blocks', '0', 'a/b~c']);
    expect(pathToPointer(['blocks', 0, 'a/b~c'])).toBe('/blocks/0/a~1b~0c');
    expect(pointerToPath('')).toEqual([]);
  });

  it('builds rjsf extraErrors, and takes the problems under a block relative to it', () => {
    const problems = [
      { pointer: '/blocks/2/form', message: 'No form is named "x".' },
      { pointer: '/blocks/20/form', message: 'Other.' },
      { pointer: '/metadata/title', message: 'Too long.' },
    ];
    expect(problemsUnder(problems, '/blocks/2')).toEqual([{ pointer: '/form', message: 'No form is named "x".' }]);
    expect(errorSchemaOf(problemsUnder(problems, '/blocks/2'))).toEqual({ form: { __errors: ['No form is named "x".'] } });
    expect(errorSchemaOf([])).toBeUndefined();
  });

  it('words ajv errors for operators, at the property they are about', () => {
    expect(
      ajvProblems([
        { keyword: 'required', instancePath: '/a', params: { missingProperty: 'b' }, schemaPath: '', message: "must have required property 'b'" },
        { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'zz' }, schemaPath: '', message: 'x' },
        { keyword: 'enum', instancePath: '/v', params: { allowedValues: ['left', 'right'] }, schemaPath: '', message: 'x' },
        { keyword: 'oneOf', instancePath: '/o', params: {}, schemaPath: '', message: 'x' },
      ]),
    ).toEqual([
      { pointer: '/a/b', message: 'This field is required.' },
      { pointer: '/zz', message: '"zz" is not a property here.' },
      { pointer: '/v', message: 'Must be one of: "left", "right".' },
    ]);
  });
});
