import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordLoaderVersion, warnOnVersionMismatch, WIDGETS_MAJOR, WIDGETS_VERSION } from './widgets-version';

const registry = globalThis as unknown as Record<symbol, unknown>;

afterEach(() => {
  delete registry[Symbol.for('showroom.loader-version')];
  delete registry[Symbol.for('showroom.version-warned')];
  vi.restoreAllMocks();
});

describe('the widgets version', () => {
  it('warns once per page when the loader and an element are of different versions', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    recordLoaderVersion('1.0.0');
    warnOnVersionMismatch('showroom-order-samples', '1.1.0');
    warnOnVersionMismatch('showroom-sample-cart', '1.1.0');
    expect(warn.mock.calls).toEqual([
      ['Showroom: the widget loader is version 1.0.0 but <showroom-order-samples> is version 1.1.0. Load the loader and the elements from one path (/widgets/v1/showroom.js) and reload the page; until then an element may not work as documented.'],
    ]);
  });

  it('says nothing when they match, or without a loader', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    warnOnVersionMismatch('showroom-checkout');
    recordLoaderVersion();
    warnOnVersionMismatch('showroom-checkout');
    expect(warn).not.toHaveBeenCalled();
  });

  it('has its dated entry at the top of the widgets changelog, and its major in the served path', () => {
    const changelog = fs.readFileSync(new URL('../docs/widgets-changelog.md', import.meta.url), 'utf8');
    expect(changelog.match(/^## (\d+\.\d+\.\d+) \((\d{4}-\d{2}-\d{2})\)$/m)?.[1]).toBe(WIDGETS_VERSION);
    expect(WIDGETS_MAJOR).toBe(1);
  });
});
