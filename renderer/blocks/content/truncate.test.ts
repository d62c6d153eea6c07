import { describe, expect, it } from 'vitest';
import { htmlToText, limitList, truncateAtWord, truncateChars } from './truncate';

describe('truncateAtWord', () => {
  it('leaves short text alone', () => {
    expect(truncateAtWord('Solid maple doors', 250)).toEqual({ text: 'Solid maple doors', truncated: false });
  });
  it('cuts on a word boundary and adds ...', () => {
    const text = 'The quick brown fox jumps over the lazy dog';
    expect(truncateAtWord(text, 12)).toEqual({ text: 'The quick...', truncated: true });
    expect(truncateAtWord(text, 9)).toEqual({ text: 'The quick...', truncated: true });
  });
  it('never exceeds the limit before the ellipsis', () => {
    const text = 'word '.repeat(100);
    const out = truncateAtWord(text, 250);
    expect(out.text.length).toBeLessThanOrEqual(253);
    expect(out.text.endsWith('word...')).toBe(true);
  });
  it('cuts a single overlong word inside it', () => {
    expect(truncateAtWord('abcdefghij', 4).text).toBe('abcd...');
  });
});

describe('truncateChars', () => {
  it('cuts at exactly the limit', () => {
    const text = 'a'.repeat(151);
    expect(truncateChars(text, 150)).toEqual({ text: 'a'.repeat(150) + '...', truncated: true });
    expect(truncateChars('a'.repeat(150), 150).truncated).toBe(false);
  });
});

describe('limitList', () => {
  it('keeps 6 and flags more', () => {
    expect(limitList([1, 2, 3, 4, 5, 6, 7])).toEqual({ items: [1, 2, 3, 4, 5, 6], more: true });
    expect(limitList([1, 2, 3, 4, 5, 6])).toEqual({ items: [1, 2, 3, 4, 5, 6], more: false });
  });
});

describe('htmlToText', () => {
  it('strips tags and decodes common entities', () => {
    expect(htmlToText('<p>Oak &amp; <b>maple</b></p>')).toBe('Oak & maple');
  });
});
