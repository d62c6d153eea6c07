/**
 * For the editor's tests: `fetch` answering the studio's content endpoints from a few files in
 * memory (GET /api/studio/file, PUT /api/studio/draft, POST /api/studio/preview), recording what was
 * sent. A test can queue special answers (a 409, a 422) for the draft and preview endpoints.
 */
import fs from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';
import type { Operator, SiteFiles } from '../../api/studio-client';

export const demoText = (rel: string) => fs.readFileSync(path.join(process.cwd(), 'examples/site', rel), 'utf8');

export interface FakeFile {
  published?: string | null;
  draft?: { text: string; revision: number; baseHash: string | null } | null;
}

export interface Answer {
  status: number;
  body: unknown;
}

export function fakeStudioServer(files: Record<string, FakeFile>) {
  const drafts: { path: string; text: string; revision?: number; baseHash: string | null }[] = [];
  const previews: { path: string; text: string }[] = [];
  const draftAnswers: Answer[] = [];
  const previewAnswers: Answer[] = [];
  let revision = 0;
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://studio.test');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/studio/file') {
      const p = url.searchParams.get('path')!;
      const f = files[p] ?? {};
      const published = f.published ? { text: f.published, hash: `hash-of-${p}` } : null;
      return json(200, { success: true, data: { path: p, schema: 'x', published, draft: f.draft ? { ...f.draft, updatedAt: '2026-01-01T00:00:00.000Z' } : null } });
    }
    if (method === 'PUT' && url.pathname === '/api/studio/draft') {
      const body = JSON.parse(String(init?.body)) as (typeof drafts)[number];
      drafts.push(body);
      const special = draftAnswers.shift();
      if (special) return json(special.status, special.body);
      revision = (body.revision ?? 0) + 1;
      files[body.path] = { ...files[body.path], draft: { text: body.text, revision, baseHash: body.baseHash } };
      return json(200, { success: true, data: { revision, updatedAt: '2026-01-01T10:00:00.000Z', problems: [] } });
    }
    if (method === 'POST' && url.pathname === '/api/studio/preview') {
      const body = JSON.parse(String(init?.body)) as (typeof previews)[number];
      previews.push(body);
      const special = previewAnswers.shift();
      if (special) return json(special.status, special.body);
      return new Response(`<!doctype html><title>preview</title><p>rendered ${body.text.length}</p>`, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    }
    return json(404, { error: 'not_found', message: `No fake for ${method} ${url.pathname}` });
  });
  return { fetch, drafts, previews, draftAnswers, previewAnswers, files };
}

export const editor: Operator = { id: 2, email: 'eddie@example.com', role: 'editor' };
export const viewer: Operator = { id: 1, email: 'viola@example.com', role: 'viewer' };

export const demoSite: SiteFiles = {
  files: [
    { path: 'pages/home.json', schema: 'page', published: true, draft: false },
    { path: 'pages/contact.json', schema: 'page', published: true, draft: false },
    { path: 'forms/contact.json', schema: 'form', published: true, draft: false, title: 'Get in touch' },
    { path: 'forms/newsletter.json', schema: 'form', published: true, draft: false, title: 'Newsletter' },
    { path: 'forms/claim.json', schema: 'form', published: true, draft: false, title: 'Warranty claim' },
    { path: 'popups/newsletter-signup.json', schema: 'popup', published: true, draft: false },
    { path: 'routes.json', schema: 'routes', published: true, draft: false },
  ],
  images: ['/images/banner-home.svg', '/images/card-cabinets.svg', '/images/card-flooring.svg'],
  problems: [],
  draftProblems: [],
};
