/**
 * A payment page as a browser receives it, for the change detection (PCI DSS 11.6.1): its security
 * headers and every script it loads (first-party files with their SHA-384, inline scripts with
 * theirs, third-party URLs), and how two such snapshots differ.
 *
 * Two ways to take it:
 * - `browser`: the page loaded in headless Chromium (playwright-core, /usr/bin/chromium): every
 *   script the browser requested, including those a script adds at run time, hashed as received;
 * - `html`: the HTML and headers fetched; the scripts it names (script tags, module preloads, and
 *   every module its import map lists) fetched and hashed.
 * Both also read the document's own script tags, so a snapshot of either mode compares with a
 * baseline of the other (the browser mode may add what scripts inject).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';

/** The headers compared, lower-case. X-Frame-Options and the policy's frame-ancestors both guard framing. */
export const SECURITY_HEADERS = ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'referrer-policy', 'permissions-policy'] as const;
export type SecurityHeader = (typeof SECURITY_HEADERS)[number];

export interface ScriptSeen {
  /** A path of the store (first-party), a full URL (third-party), or `inline:` and the script's hash. */
  url: string;
  kind: 'first-party' | 'third-party' | 'inline';
  /** SHA-384 of what was received (first-party and inline; a third party's script changes with each release and is authorised by origin). */
  sha384?: string;
}

export interface PageSnapshot {
  /** The page's path. */
  page: string;
  status: number;
  /** Each compared header as received, the store's own origin written `{store}`; null when absent. */
  headers: Record<SecurityHeader, string | null>;
  scripts: ScriptSeen[];
}

export interface PageChange {
  page: string;
  kind: 'script-added' | 'script-removed' | 'script-changed' | 'header-added' | 'header-removed' | 'header-changed' | 'status-changed';
  /** The script's URL or the header's name. */
  subject: string;
  before?: string;
  after?: string;
  /** One line for the e-mail and the studio. */
  summary: string;
}

export type SnapshotMode = 'browser' | 'html';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function sha384Of(bytes: Buffer | string): string {
  return `sha384-${crypto.createHash('sha384').update(bytes).digest('base64')}`;
}

/** Types of script element that hold data the browser does not run. */
const DATA_SCRIPT = /^application\/(?:ld\+)?json$/i;

interface DeclaredScripts {
  /** Absolute URLs the document names: script src, module preloads, import map entries. */
  urls: string[];
  /** The text of each inline script that runs or configures modules (classic, module, importmap). */
  inline: string[];
}

function attribute(attrs: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
  const value = m ? (m[1] ?? m[2] ?? m[3]) : undefined;
  return value?.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
}

/** The scripts an HTML document names, resolved against its address. */
export function declaredScripts(html: string, documentUrl: string): DeclaredScripts {
  const urls: string[] = [];
  const inline: string[] = [];
  const add = (raw: string | undefined) => {
    if (!raw) return;
    try {
      urls.push(new URL(raw, documentUrl).href);
    } catch {
      // an address that is not one loads nothing
    }
  };
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    const type = attribute(attrs, 'type') ?? '';
    if (DATA_SCRIPT.test(type.trim())) continue;
    const src = attribute(attrs, 'src');
    if (src !== undefined) add(src);
    else inline.push(m[2] ?? '');
    if (type.trim().toLowerCase() === 'importmap') {
      try {
        const map = JSON.parse(m[2] ?? '') as { imports?: Record<string, string>; integrity?: Record<string, string> };
        for (const key of Object.keys(map.integrity ?? {})) add(key);
        for (const value of Object.values(map.imports ?? {})) add(value);
      } catch {
        // a broken import map is still an inline script, hashed above
      }
    }
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = m[1] ?? '';
    if ((attribute(attrs, 'rel') ?? '').toLowerCase() === 'modulepreload') add(attribute(attrs, 'href'));
  }
  return { urls: [...new Set(urls)], inline };
}

/** The headers compared, with the store's origin written `{store}` so a check from another of its names compares. */
function securityHeadersOf(get: (name: string) => string | null | undefined, origin: string): PageSnapshot['headers'] {
  const out = {} as PageSnapshot['headers'];
  for (const name of SECURITY_HEADERS) {
    const value = get(name);
    out[name] = value === null || value === undefined ? null : value.split(origin).join('{store}').trim();
  }
  return out;
}

function scriptKey(url: string, origin: string): { url: string; kind: 'first-party' | 'third-party' } {
  const parsed = new URL(url);
  return parsed.origin === origin ? { url: parsed.pathname + parsed.search, kind: 'first-party' } : { url: parsed.href, kind: 'third-party' };
}

function sorted(scripts: Map<string, ScriptSeen>): ScriptSeen[] {
  return [...scripts.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

async function fetchText(url: string): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(url, { headers: { Accept: 'text/html,application/xhtml+xml', 'User-Agent': 'Showroom payment-pages check' }, redirect: 'manual', signal: AbortSignal.timeout(20_000) });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

async function fetchBytes(url: string): Promise<Buffer | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(20_000) });
    return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/** The page's snapshot from its HTML and headers, each first-party script fetched and hashed. */
export async function htmlSnapshot(baseUrl: string, page: string): Promise<PageSnapshot> {
  const url = new URL(page, baseUrl).href;
  const origin = new URL(url).origin;
  const doc = await fetchText(url);
  const declared = declaredScripts(doc.text, url);
  const scripts = new Map<string, ScriptSeen>();
  for (const text of declared.inline) {
    const hash = sha384Of(text);
    scripts.set(`inline:${hash}`, { url: `inline:${hash}`, kind: 'inline', sha384: hash });
  }
  await Promise.all(
    declared.urls.map(async (u) => {
      const key = scriptKey(u, origin);
      if (key.kind === 'third-party') return void scripts.set(key.url, key);
      const bytes = await fetchBytes(u);
      scripts.set(key.url, { ...key, ...(bytes ? { sha384: sha384Of(bytes) } : { sha384: 'missing' }) });
    }),
  );
  return { page, status: doc.status, headers: securityHeadersOf((n) => doc.headers.get(n), origin), scripts: sorted(scripts) };
}

/** Whether Chromium is there to load pages with (playwright-core drives it; nothing is downloaded). */
export function chromiumInstalled(): boolean {
  return fs.existsSync(CHROMIUM_PATH);
}

/**
 * The snapshots of `pages` loaded in headless Chromium: the document's headers, every script
 * response (first-party ones hashed as received), and the scripts the document names.
 */
export async function browserSnapshots(baseUrl: string, pages: readonly string[]): Promise<PageSnapshot[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const out: PageSnapshot[] = [];
    for (const page of pages) {
      const url = new URL(page, baseUrl).href;
      const origin = new URL(url).origin;
      const context = await browser.newContext();
      const tab = await context.newPage();
      const scripts = new Map<string, ScriptSeen>();
      const pending: Promise<void>[] = [];
      tab.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        const key = scriptKey(response.url(), origin);
        if (key.kind === 'third-party') return void scripts.set(key.url, key);
        pending.push(
          response.body().then(
            (body) => void scripts.set(key.url, { ...key, sha384: sha384Of(body) }),
            () => void scripts.set(key.url, { ...key, sha384: 'missing' }),
          ),
        );
      });
      const response = await tab.goto(url, { waitUntil: 'load', timeout: 30_000 });
      // The islands due at once have loaded their chunks once the bootstrap marks the page.
      await tab.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 }).catch(() => undefined);
      await Promise.all(pending);
      const html = response ? await response.text() : '';
      const declared = declaredScripts(html, url);
      // Inline scripts as the document holds them now, scripts inserted at run time included.
      const live = await tab.evaluate(() => [...document.scripts].filter((s) => !s.src && !/^application\/(?:ld\+)?json$/i.test(s.type)).map((s) => s.textContent ?? ''));
      for (const text of [...declared.inline, ...live]) {
        const hash = sha384Of(text);
        scripts.set(`inline:${hash}`, { url: `inline:${hash}`, kind: 'inline', sha384: hash });
      }
      // What the document names but the browser did not load yet (a gateway's client, loaded once chosen).
      await Promise.all(
        declared.urls.map(async (u) => {
          const key = scriptKey(u, origin);
          if (scripts.has(key.url)) return;
          if (key.kind === 'third-party') return void scripts.set(key.url, key);
          const bytes = await fetchBytes(u);
          scripts.set(key.url, { ...key, sha384: bytes ? sha384Of(bytes) : 'missing' });
        }),
      );
      const headers = response ? await response.allHeaders() : {};
      out.push({ page, status: response?.status() ?? 0, headers: securityHeadersOf((n) => headers[n], origin), scripts: sorted(scripts) });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}

const HEADER_LABEL: Record<SecurityHeader, string> = {
  'content-security-policy': 'Content-Security-Policy',
  'strict-transport-security': 'Strict-Transport-Security',
  'x-frame-options': 'X-Frame-Options',
  'referrer-policy': 'Referrer-Policy',
  'permissions-policy': 'Permissions-Policy',
};

function scriptLabel(s: ScriptSeen): string {
  return s.kind === 'inline' ? `an inline script (${s.sha384})` : s.url;
}

/** What differs between the baseline's pages and the current ones, page by page. */
export function compareSnapshots(baseline: readonly PageSnapshot[], current: readonly PageSnapshot[]): PageChange[] {
  const changes: PageChange[] = [];
  const before = new Map(baseline.map((p) => [p.page, p]));
  for (const now of current) {
    const was = before.get(now.page);
    if (!was) {
      changes.push({ page: now.page, kind: 'script-added', subject: now.page, summary: `${now.page} is a payment page the baseline does not have` });
      continue;
    }
    if (was.status !== now.status) changes.push({ page: now.page, kind: 'status-changed', subject: 'status', before: String(was.status), after: String(now.status), summary: `answered ${now.status} (the baseline: ${was.status})` });
    for (const name of SECURITY_HEADERS) {
      const a = was.headers[name];
      const b = now.headers[name];
      if (a === b) continue;
      const label = HEADER_LABEL[name];
      if (a === null) changes.push({ page: now.page, kind: 'header-added', subject: label, after: b!, summary: `${label} added` });
      else if (b === null) changes.push({ page: now.page, kind: 'header-removed', subject: label, before: a, summary: `${label} is missing` });
      else changes.push({ page: now.page, kind: 'header-changed', subject: label, before: a, after: b, summary: `${label} changed` });
    }
    const oldScripts = new Map(was.scripts.map((s) => [s.url, s]));
    const newScripts = new Map(now.scripts.map((s) => [s.url, s]));
    for (const [url, s] of newScripts) {
      const old = oldScripts.get(url);
      if (!old) changes.push({ page: now.page, kind: 'script-added', subject: url, ...(s.sha384 ? { after: s.sha384 } : {}), summary: `new script: ${scriptLabel(s)}` });
      else if (old.sha384 !== s.sha384) changes.push({ page: now.page, kind: 'script-changed', subject: url, before: old.sha384 ?? '', after: s.sha384 ?? '', summary: `script changed: ${url} (its SHA-384 differs)` });
    }
    for (const [url, s] of oldScripts) {
      if (!newScripts.has(url)) changes.push({ page: now.page, kind: 'script-removed', subject: url, ...(s.sha384 ? { before: s.sha384 } : {}), summary: `script removed: ${scriptLabel(s)}` });
    }
  }
  for (const was of baseline) {
    if (!current.some((p) => p.page === was.page)) changes.push({ page: was.page, kind: 'script-removed', subject: was.page, summary: `${was.page} is no longer checked (it is not a payment page of the store now)` });
  }
  return changes;
}
