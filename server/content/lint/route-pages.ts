/** Every route must name a page definition that exists; a path listed twice, or after the catch-all, is never used. */
import type { RouteList } from '../../../schemas/routes.schema';
import type { DefinitionProblem } from '../definition-problem';
import { fileStem, presentFilesOf, validFilesOf, type LintInput } from './lint-input';

/** Names of the page definitions present (valid, failing their schema or not JSON: a broken page is reported at the page). */
export function pageNames(input: LintInput): Set<string> {
  return new Set(presentFilesOf(input, 'page').map(fileStem));
}

export function checkRoutePages(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const pages = pageNames(input);
  for (const [file, list] of validFilesOf<RouteList>(input, 'routes')) {
    const seen = new Map<string, number>();
    const catchAll = list.routes.findIndex((r) => r.path === '/*');
    list.routes.forEach((route, i) => {
      if (catchAll >= 0 && i > catchAll) {
        problems.push({ file, pointer: `/routes/${i}/path`, message: `comes after the catch-all "/*" (route ${catchAll}), which answers every path first; move it above` });
      }
      if (!pages.has(route.page)) {
        problems.push({ file, pointer: `/routes/${i}/page`, message: `names the page definition "${route.page}", but there is no pages/${route.page}.json` });
      }
      const first = seen.get(route.path);
      if (first !== undefined) {
        problems.push({ file, pointer: `/routes/${i}/path`, message: `repeats the path "${route.path}" of route ${first}; only the first one is ever used` });
      } else seen.set(route.path, i);
    });
  }
  return problems;
}
