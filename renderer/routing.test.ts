import { describe, expect, it } from 'vitest';
import { matchPath, matchRoute, normalisePath } from './routing';

describe('route lookup', () => {
  const routes = [
    { path: '/', page: 'home' },
    { path: '/about-us', page: 'about-us' },
    { path: '/blogs/authors/:authorId', page: 'blog-author' },
    { path: '/*', page: 'not-found', status: 404 as const },
  ];

  it('joins the slug path before looking it up', () => {
    expect(normalisePath('//about-us/')).toBe('/about-us');
    expect(normalisePath('')).toBe('/');
    expect(matchRoute(routes, '/about-us/')?.route.page).toBe('about-us');
  });

  it('reads route parameters', () => {
    expect(matchRoute(routes, '/blogs/authors/jane%20doe')).toEqual({ route: routes[2], params: { authorId: 'jane doe' } });
  });

  it('falls through to the catch-all', () => {
    expect(matchRoute(routes, '/no/such/page')).toEqual({ route: routes[3], params: { '*': 'no/such/page' } });
  });

  it('does not match a longer or shorter path', () => {
    expect(matchPath('/blogs/authors/:authorId', '/blogs/authors')).toBeNull();
    expect(matchPath('/about-us', '/about-us/team')).toBeNull();
    expect(matchPath('/blogs/authors/:id', '/blogs/authors/%E0%A4%A')).toBeNull();
  });
});
