import { describe, expect, it } from 'vitest';
import { displayTitle, keepAcronyms, titleLengthClass, truncateWords } from './display-text';

describe('display text helpers', () => {
  it('keeps RTA, DIY, MDF and PVC uppercase', () => {
    expect(keepAcronyms('Rta cabinets with mdf panels, pvc edge and a diy guide')).toBe('RTA cabinets with MDF panels, PVC edge and a DIY guide');
    expect(displayTitle('rta-cabinets')).toBe('RTA Cabinets');
    expect(keepAcronyms('Diyala and rtax stay')).toBe('Diyala and rtax stay');
  });

  it('classes titles by length: <= 20 short, <= 50 medium, else long', () => {
    expect(titleLengthClass('a'.repeat(20))).toBe('short');
    expect(titleLengthClass('a'.repeat(21))).toBe('medium');
    expect(titleLengthClass('a'.repeat(50))).toBe('medium');
    expect(titleLengthClass('a'.repeat(51))).toBe('long');
  });

  it('truncates on a word boundary', () => {
    expect(truncateWords('short text', 150)).toBe('short text');
    expect(truncateWords('one two three four', 10)).toBe('one two...');
  });
});
