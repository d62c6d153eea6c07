import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLOR_VARIABLES, colorOverrides, DEFAULT_SITE_COLORS } from './site-colors';

describe("the store's colours", () => {
  it("default to what the site's stylesheet declares, so a store without settings looks the same in its pages and mails", () => {
    const css = fs.readFileSync(new URL('../renderer/styles/site.css', import.meta.url), 'utf8');
    for (const [key, variable] of Object.entries(COLOR_VARIABLES)) {
      expect(css, variable).toContain(`${variable}: ${DEFAULT_SITE_COLORS[key as keyof typeof DEFAULT_SITE_COLORS]};`);
    }
  });

  it('write only six-digit hex colours into the page, never text that could end the rule', () => {
    expect(colorOverrides({ accent: '#123456', line: '#abcdef' })).toBe(':root{--color-accent:#123456;--color-line:#abcdef}');
    expect(colorOverrides({ accent: 'red;}</style><script>' } as never)).toBe('');
    expect(colorOverrides(undefined)).toBe('');
  });
});
