/**
 * Setup file of the `unit` project, whose files share a worker's module graph and, under
 * `@vitest-environment jsdom`, its window: each file starts from a blank page, as it would in a
 * window of its own (the address, storage, cookies and the document another file left behind).
 */
import { beforeAll } from 'vitest';

beforeAll(() => {
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});
