/**
 * Every blog post must name an author of blogs/authors.json and a category of blogs/categories.json,
 * and its body file must exist (the loader reads it at start).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DefinitionProblem } from '../definition-problem';
import { isRecord } from './json-pointer';
import { validFilesOf, type LintInput } from './lint-input';

/** The ids listed under `listKey` in every valid file of a kind, or undefined when there is none. */
function idsOf(input: LintInput, schema: string, listKey: string): { ids: Set<string>; files: string[] } | undefined {
  const files = validFilesOf<Record<string, unknown>>(input, schema);
  if (files.length === 0) return undefined;
  const ids = new Set<string>();
  for (const [, data] of files) {
    const list = data[listKey];
    if (Array.isArray(list)) for (const item of list) if (isRecord(item) && typeof item.id === 'string') ids.add(item.id);
  }
  return { ids, files: files.map(([f]) => f) };
}

export function checkBlogReferences(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const authors = idsOf(input, 'blog-authors', 'authors');
  const categories = idsOf(input, 'blog-categories', 'blogCategories');
  for (const [file, data] of validFilesOf<Record<string, unknown>>(input, 'blogs')) {
    if (!Array.isArray(data.blogs)) continue;
    data.blogs.forEach((blog, i) => {
      if (!isRecord(blog)) return;
      if (typeof blog.contentPath === 'string' && !fs.existsSync(path.join(input.dir, path.dirname(file), blog.contentPath))) {
        // The same words as the store loader (store-content.ts), which would stop on it otherwise.
        problems.push({ file, pointer: `/blogs/${i}/contentPath`, message: `names the body file ${path.posix.join(path.posix.dirname(file), blog.contentPath)}, which does not exist` });
      }
      if (authors && typeof blog.author === 'string' && !authors.ids.has(blog.author)) {
        problems.push({ file, pointer: `/blogs/${i}/author`, message: `names the author "${blog.author}", but ${authors.files.join(', ')} has no author with that id` });
      }
      if (categories && typeof blog.blogCategory === 'string' && !categories.ids.has(blog.blogCategory)) {
        problems.push({
          file,
          pointer: `/blogs/${i}/blogCategory`,
          message: `names the category "${blog.blogCategory}", but ${categories.files.join(', ')} has no category with that id`,
        });
      }
    });
  }
  return problems;
}
