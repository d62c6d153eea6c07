/**
 * The breadcrumb trail built from the route list: Home, then one crumb per path
 * prefix. A prefix that is itself a route takes its page's breadcrumbTitle (or title) and a link;
 * a prefix that is not a route keeps its words but no link.
 */
import type { PageDefinition } from '../../schemas/page.schema';
import type { RouteEntry } from '../../schemas/routes.schema';
import type { Crumb } from '../blocks/block-definition';
import { matchPath } from '../routing';
import { displayTitle } from '../text/display-text';

function labelOf(page: PageDefinition | undefined): string | undefined {
  return page ? (page.metadata.breadcrumbTitle ?? page.metadata.title) : undefined;
}

function routeFor(routes: readonly RouteEntry[], path: string): RouteEntry | undefined {
  // Only a route written for this exact depth counts: the catch-all is not an ancestor.
  return routes.find((r) => !r.path.includes('*') && matchPath(r.path, path) !== null && (r.status ?? 200) === 200);
}

export function breadcrumbFromRoutes(path: string, routes: readonly RouteEntry[], pages: Readonly<Record<string, PageDefinition>>): Crumb[] {
  const segments = path.split('/').filter(Boolean);
  const trail: Crumb[] = [{ label: 'Home', path: '/' }];
  for (let i = 0; i < segments.length; i++) {
    const prefix = '/' + segments.slice(0, i + 1).join('/');
    const route = routeFor(routes, prefix);
    const page = route ? pages[route.page] : undefined;
    let segment = segments[i]!;
    try {
      segment = decodeURIComponent(segment);
    } catch {
      /* keep the raw segment */
    }
    // A parameter route (/blogs/authors/:id) would give every child the same label; use the segment words there.
    const label = route && !route.path.includes(':') ? (labelOf(page) ?? displayTitle(segment)) : displayTitle(segment);
    trail.push(i === segments.length - 1 ? { label } : route ? { label, path: prefix } : { label });
  }
  return trail;
}
