/**
 * Internal links must lead to a route: any string property named path, href, link, url or redirect
 * that starts with "/" (and any href="/..." inside HTML text) is matched against routes.json, leaving
 * out the catch-all, in every parsed file (one failing its schema too). Static files and the API are not pages: /images/, /api/, /widgets/, /schemas/,
 * /playground/, /dev/ and paths ending in a file extension are skipped; "?query" and "#anchor" are
 * ignored. Blog bodies (the HTML files blog posts name in contentPath) are read too; their broken
 * links are reported at the post's contentPath.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RouteList } from '../../../schemas/routes.schema';
import type { DefinitionProblem } from '../definition-problem';
import { walkJson } from './json-pointer';
import { parsedFilesOf, validFilesOf, type LintInput } from './lint-input';
import { isCatchAll, routeAnswers } from './route-pattern';

const LINK_KEYS = new Set(['path', 'href', 'link', 'url', 'redirect']);
const NOT_PAGES = ['/images/', '/api/', '/widgets/', '/schemas/', '/playground/', '/dev/', '/assets/'];
const HTML_HREF = /href\s*=\s*["'](\/[^"']*)["']/g;

/** The page path of a link, or undefined when it is not a link to a page of this site. */
export function pagePathOf(link: string): string | undefined {
  if (!link.startsWith('/') || link.startsWith('//')) return undefined;
  const pathname = link.split(/[?#]/, 1)[0]!;
  if (NOT_PAGES.some((prefix) => pathname.startsWith(prefix))) return undefined;
  if (/\.[A-Za-z0-9]{1,5}$/.test(pathname)) return undefined;
  return pathname;
}

export function checkInternalLinks(input: LintInput): DefinitionProblem[] {
  const routeFiles = validFilesOf<RouteList>(input, 'routes');
  if (routeFiles.length === 0) return [];
  const patterns = routeFiles.flatMap(([, list]) => list.routes.filter((r) => !isCatchAll(r)).map((r) => r.path));
  const answered = (pathname: string) => patterns.some((p) => routeAnswers(p, pathname));

  const problems: DefinitionProblem[] = [];
  // Every parsed file, a file failing its schema too: a link is read the same whatever else is wrong,
  // so a schema problem does not hide a broken link until it is fixed.
  for (const file of parsedFilesOf(input)) {
    if (input.schemaOf.get(file) === 'routes') continue;
    walkJson(input.files.get(file), (value, pointer, key) => {
      if (typeof value !== 'string') return;
      const links = typeof key === 'string' && LINK_KEYS.has(key) ? [value] : [];
      if (value.includes('href')) for (const m of value.matchAll(HTML_HREF)) links.push(m[1]!);
      for (const link of links) {
        const pathname = pagePathOf(link);
        if (pathname !== undefined && !answered(pathname)) {
          problems.push({ file, pointer, message: `the link ${link} goes to no page` });
        }
      }
    });
  }
  for (const [file, data] of validFilesOf<{ blogs?: Array<{ contentPath?: unknown }> }>(input, 'blogs')) {
    (data.blogs ?? []).forEach((blog, i) => {
      if (typeof blog.contentPath !== 'string') return;
      const bodyFile = path.posix.join(path.posix.dirname(file), blog.contentPath);
      const full = path.join(input.dir, bodyFile);
      if (!fs.existsSync(full)) return; // reported by the blog check
      for (const m of fs.readFileSync(full, 'utf8').matchAll(HTML_HREF)) {
        const pathname = pagePathOf(m[1]!);
        if (pathname !== undefined && !answered(pathname)) {
          problems.push({ file, pointer: `/blogs/${i}/contentPath`, message: `the link ${m[1]} in ${bodyFile} goes to no page` });
        }
      }
    });
  }
  return problems;
}
