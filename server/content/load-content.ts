/**
 * Reads a content folder into memory once, at start. Every file is checked against its schema;
 * any problem stops the load with the file, the JSON pointer and the message.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PageDefinition } from '../../schemas/page.schema';
import type { PaymentMethodsDefinition } from '../../schemas/payment-methods.schema';
import type { RouteList } from '../../schemas/routes.schema';
import type { SiteSettings } from '../../schemas/site-settings.schema';
import { contentLayout, matchesPattern } from './content-layout';
import { InvalidContentError, type DefinitionProblem } from './definition-problem';
import { validateDefinition } from './schema-validator';

export interface Content {
  dir: string;
  settings: SiteSettings;
  routes: RouteList['routes'];
  pages: Record<string, PageDefinition>;
  paymentMethods: PaymentMethodsDefinition['paymentMethods'];
}

function listJsonFiles(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listJsonFiles(path.join(dir, entry.name), rel));
    else if (entry.name.endsWith('.json')) out.push(rel);
  }
  return out.sort();
}

/** Reads and schema-checks every known definition file; returns the parsed files and the problems. */
export function readDefinitions(dir: string): { files: Map<string, unknown>; problems: DefinitionProblem[] } {
  const problems: DefinitionProblem[] = [];
  const files = new Map<string, unknown>();
  const all = listJsonFiles(dir);
  for (const entry of contentLayout) {
    const matching = all.filter((f) => matchesPattern(entry.pattern, f));
    if (entry.required && matching.length === 0) {
      problems.push({ file: entry.pattern, pointer: '', message: 'is missing from the content folder' });
    }
    for (const file of matching) {
      let data: unknown;
      try {
        data = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      } catch (err) {
        problems.push({ file, pointer: '', message: `is not valid JSON: ${(err as Error).message}` });
        continue;
      }
      files.set(file, data);
      problems.push(...validateDefinition(entry.schema, file, data));
    }
  }
  return { files, problems };
}

export function loadContent(dir: string): Content {
  const { files, problems } = readDefinitions(dir);
  if (problems.length) throw new InvalidContentError(problems);
  const pages: Record<string, PageDefinition> = {};
  for (const [file, data] of files) {
    if (file.startsWith('pages/')) pages[file.slice('pages/'.length, -'.json'.length)] = data as PageDefinition;
  }
  return {
    dir,
    settings: files.get('site.json') as SiteSettings,
    routes: (files.get('routes.json') as RouteList).routes,
    pages,
    paymentMethods: (files.get('payment-methods.json') as PaymentMethodsDefinition).paymentMethods,
  };
}
