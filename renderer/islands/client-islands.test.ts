import { describe, expect, it } from 'vitest';
import { interactiveBlockTypes } from '../blocks/registry';
import { blockIslandNames, shellIslandNames } from './client-islands';

describe('the browser island registry', () => {
  it('loads exactly the block types whose definitions say they are interactive', () => {
    expect([...blockIslandNames].sort()).toEqual(interactiveBlockTypes().sort());
  });

  it('has the shell islands, and static blocks are not in it', () => {
    expect(shellIslandNames.sort()).toEqual(['alerts', 'back-to-top', 'cookie-banner', 'footer-newsletter', 'header']);
    for (const type of ['text', 'steps', 'banner', 'breadcrumb', 'address-contact', 'title-banner', 'promotions', 'review-badge', 'product-categories']) {
      expect(blockIslandNames).not.toContain(type);
    }
  });
});
