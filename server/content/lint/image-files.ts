/**
 * Every image a page, the site settings, a form, a popup or a blog body names under /images/ must
 * exist in the content folder's images/ (a typo shows visitors a broken image). The catalog files
 * are checked the same way by ../store-references.ts; this covers every other kind, and `src="..."`
 * inside HTML text and blog bodies. Checked only when the folder ships an images/ folder at all.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DefinitionProblem } from '../definition-problem';
import { walkJson } from './json-pointer';
import { parsedFilesOf, validFilesOf, type LintInput } from './lint-input';

/** Kinds whose `src` images store-references.ts already checks. */
const CHECKED_ELSEWHERE = new Set(['product-style', 'product-categories', 'search-items', 'blogs', 'blog-authors', 'reviews', 'gallery']);
const IMAGE_IN_TEXT = /(?:^|src\s*=\s*["'])(\/images\/[^"'\s?#]+)/g;

export function checkImageFiles(input: LintInput): DefinitionProblem[] {
  const imagesDir = path.join(input.dir, 'images');
  if (!fs.existsSync(imagesDir)) return [];
  const known = new Map<string, boolean>();
  const missing = (src: string): string | undefined => {
    let relative: string;
    try {
      relative = decodeURI(src).slice(1);
    } catch {
      relative = src.slice(1);
    }
    const target = path.join(input.dir, relative);
    if (!target.startsWith(imagesDir + path.sep)) return undefined;
    let exists = known.get(target);
    if (exists === undefined) known.set(target, (exists = fs.existsSync(target)));
    return exists ? undefined : path.relative(input.dir, target).split(path.sep).join('/');
  };
  const problems: DefinitionProblem[] = [];
  for (const file of parsedFilesOf(input)) {
    const schema = input.schemaOf.get(file);
    if (schema && CHECKED_ELSEWHERE.has(schema)) continue;
    walkJson(input.files.get(file), (value, pointer) => {
      if (typeof value !== 'string' || !value.includes('/images/')) return;
      for (const m of value.matchAll(IMAGE_IN_TEXT)) {
        const lookedFor = missing(m[1]!);
        if (lookedFor) problems.push({ file, pointer, message: `names the image ${m[1]}, which is not in the content folder (looked for ${lookedFor})` });
      }
    });
  }
  for (const [file, data] of validFilesOf<{ blogs?: Array<{ contentPath?: unknown }> }>(input, 'blogs')) {
    (data.blogs ?? []).forEach((blog, i) => {
      if (typeof blog.contentPath !== 'string') return;
      const bodyFile = path.posix.join(path.posix.dirname(file), blog.contentPath);
      const full = path.join(input.dir, bodyFile);
      if (!fs.existsSync(full)) return; // reported by the blog check
      for (const m of fs.readFileSync(full, 'utf8').matchAll(IMAGE_IN_TEXT)) {
        const lookedFor = missing(m[1]!);
        if (lookedFor) problems.push({ file, pointer: `/blogs/${i}/contentPath`, message: `names the image ${m[1]} in ${bodyFile}, which is not in the content folder (looked for ${lookedFor})` });
      }
    });
  }
  return problems;
}
