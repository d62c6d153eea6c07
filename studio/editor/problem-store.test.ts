import { describe, expect, it, vi } from 'vitest';
import { ProblemStore } from './editor-context';

describe('the problems of one file', () => {
  it('counts a problem once when the site check repeats the schema check, the same in every count', () => {
    const store = new ProblemStore();
    store.setSchema([{ pointer: '/blocks/1/title', message: 'This field is required.' }]);
    store.setSite([
      { pointer: '/blocks/1/title', message: 'must be filled in' },
      { pointer: '/blocks/1/html', message: 'the link /showrooms/dallas goes to no page' },
      { pointer: '/metadata/title', message: 'should not be empty' },
    ]);
    expect(store.all().map((p) => p.pointer)).toEqual(['/blocks/1/title', '/blocks/1/html', '/metadata/title']);
    expect(store.countUnder('')).toBe(3);
    expect(store.countUnder('/blocks/1')).toBe(2);
    // The site's copy of a schema problem is not shown at the field a second time.
    expect(store.siteProblems().map((p) => p.pointer)).toEqual(['/blocks/1/html', '/metadata/title']);
  });

  it('hands a click on a problem to whoever opens its field', () => {
    const store = new ProblemStore();
    const listener = vi.fn();
    const stop = store.onFocus(listener);
    store.focus('/blocks/2/html');
    stop();
    store.focus('/blocks/3');
    expect(listener.mock.calls).toEqual([['/blocks/2/html']]);
  });
});
