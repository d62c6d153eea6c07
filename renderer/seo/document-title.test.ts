import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('the document title', () => {
  it("adds the store's name to the page's title", () => {
    expect(documentTitle('About Us', 'Oak & Hearth Cabinetry')).toBe('About Us | Oak & Hearth Cabinetry');
  });

  it("names the store once when the page's title already does, however it is written", () => {
    for (const title of [
      'Oak & Hearth Cabinetry',
      'About Us | Oak & Hearth Cabinetry',
      'Our Austin showroom, Oak and Hearth Cabinetry',
      'Austin showroom – OAK & HEARTH CABINETRY',
      'Austin showroom | Oak &  Hearth   Cabinetry.',
    ]) {
      expect(documentTitle(title, 'Oak & Hearth Cabinetry'), title).toBe(title);
    }
  });

  it('reads a word of the name as a whole word, and an empty name as none', () => {
    expect(documentTitle('Oaken tables', 'Oak')).toBe('Oaken tables | Oak');
    expect(documentTitle('About Us', ' ')).toBe('About Us');
  });
});
