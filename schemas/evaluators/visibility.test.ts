import { describe, expect, it } from 'vitest';
import type { FormField, InputField } from '../forms/form-field.schema';
import { applyVisibility, currentOptions, hideWhenMatches, visibilityWatches } from './visibility';

describe('hideWhen (002 §4)', () => {
  it('matches one value or any of a list, comparing as text', () => {
    expect(hideWhenMatches({ field: 'a', equals: 'x' }, { a: 'x' })).toBe(true);
    expect(hideWhenMatches({ field: 'a', equals: ['x', 'y'] }, { a: 'y' })).toBe(true);
    expect(hideWhenMatches({ field: 'a', equals: 'x' }, { a: 'z' })).toBe(false);
    expect(hideWhenMatches({ field: 'a', equals: 2 }, { a: '2' })).toBe(true);
    expect(hideWhenMatches({ field: 'a', equals: true }, { a: true })).toBe(true);
    expect(hideWhenMatches({ field: 'a', equals: false }, { a: false })).toBe(true);
    expect(hideWhenMatches({ field: 'a', equals: 'x' }, {})).toBe(false);
    expect(hideWhenMatches({ field: 'a', equals: '' }, { a: '' })).toBe(true);
    // A list-valued watched field hides when any chosen value is listed.
    expect(hideWhenMatches({ field: 'a', equals: 'sink' }, { a: ['lighting', 'sink'] })).toBe(true);
  });

  it('removes a radio option whose hideWhen matches, and clears it if it was selected', () => {
    const fields: FormField[] = [
      { name: 'cabinetLine', type: 'select', options: [{ value: 'stock', label: 'Stock' }, { value: 'custom', label: 'Custom' }] },
      {
        name: 'finish',
        type: 'radio',
        options: [
          { value: 'painted', label: 'Painted' },
          { value: 'glazed', label: 'Glazed', hideWhen: { field: 'cabinetLine', equals: 'stock' } },
        ],
      },
    ];
    const finish = fields[1] as InputField;
    expect(currentOptions(finish, { cabinetLine: 'stock' }).map((o) => o.value)).toEqual(['painted']);
    expect(applyVisibility(fields, { cabinetLine: 'stock', finish: 'glazed' }).values).toEqual({ cabinetLine: 'stock', finish: '' });
    expect(applyVisibility(fields, { cabinetLine: 'custom', finish: 'glazed' }).values).toEqual({ cabinetLine: 'custom', finish: 'glazed' });
  });

  it('settles chains: hiding a field drops its value, which can show another', () => {
    const fields: FormField[] = [
      { name: 'a', type: 'text' },
      { name: 'b', type: 'text', hideWhen: { field: 'a', equals: 'hide-b' } },
      { name: 'c', type: 'text', hideWhen: { field: 'b', equals: 'hide-c' } },
    ];
    const r = applyVisibility(fields, { a: 'hide-b', b: 'hide-c', c: 'kept' });
    expect([...r.hidden]).toEqual(['b']);
    expect(r.values).toEqual({ a: 'hide-b', c: 'kept' });
  });

  it('offers the dynamic option list chosen by another field', () => {
    const f: InputField = {
      name: 'doorStyle',
      type: 'select',
      dynamicOptions: { field: 'line', options: { stock: [{ value: 'shaker', label: 'Shaker' }], custom: [{ value: 'inset', label: 'Inset' }] } },
    };
    expect(currentOptions(f, { line: 'custom' }).map((o) => o.value)).toEqual(['inset']);
    expect(currentOptions(f, {})).toEqual([]);
  });
});

describe('showWhen (issue 20): hideWhen\'s opposite', () => {
  const fields: FormField[] = [
    { name: 'contactBy', type: 'radio', options: [{ value: 'email', label: 'E-mail' }, { value: 'phone', label: 'Phone' }] },
    { name: 'phone', type: 'tel', required: true, showWhen: { field: 'contactBy', equals: 'phone' } },
    { name: 'extra', type: 'group', showWhen: { field: 'contactBy', equals: ['phone', 'email'] }, fields: [{ name: 'bestTime', type: 'text' }] },
  ];

  it('hides a field or group until its condition holds, and drops its value', () => {
    expect(applyVisibility(fields, { phone: '5125550100', bestTime: 'noon' })).toEqual({ hidden: new Set(['phone', 'bestTime']), values: {} });
    expect(applyVisibility(fields, { contactBy: 'email', phone: '5125550100', bestTime: 'noon' })).toEqual({
      hidden: new Set(['phone']),
      values: { contactBy: 'email', bestTime: 'noon' },
    });
    expect(applyVisibility(fields, { contactBy: 'phone', phone: '5125550100' }).hidden).toEqual(new Set());
  });

  it('lists the fields a form engine must watch to show and hide a field', () => {
    expect(visibilityWatches(fields[1] as InputField)).toEqual(['contactBy']);
    const group = fields[2] as Extract<FormField, { type: 'group' }>;
    expect(visibilityWatches(group.fields[0]!, group)).toEqual(['contactBy']);
  });
});
