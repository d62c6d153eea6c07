/**
 * For the studio's tests: an operator made fully set up (password, TOTP, active) straight through
 * the operator service, a code of their authenticator app, and a signed-in operator's cookie and
 * headers, ready for fetch against a running server.
 *
 * A TOTP step is accepted once. The set-up here is confirmed with the code of the step before now
 * (inside the ±1 window), so a sign-in right after, with `totpCode(secret)`, is a later step and
 * is accepted. A second sign-in of the same operator within the same 30 seconds needs the next
 * step's code: `totpCode(secret, new Date(Date.now() + 30_000))`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OperatorRole } from '../../schemas/api/studio';
import { openDatabase, type Database } from '../db/database';
import { createLogger } from '../logger';
import { OperatorService } from './operator-service';
import { STUDIO_COOKIE } from './operator-routes';
import { totpCodeAt } from './totp';

let made = 0;

/** Creates an active operator with `role` directly in the database; answers what signs them in. */
export async function addOperator(database: Database, { email, role }: { email?: string; role: OperatorRole }): Promise<{ id: number; email: string; password: string; totpSecret: string }> {
  made += 1;
  const address = email ?? `operator${made}.${process.pid}.${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = `Studio-${crypto.randomBytes(12).toString('base64url')}`;
  // A clock 30 s behind: the set-up takes the step before now, so now's code still signs in.
  const service = new OperatorService({ q: database.q, publicUrl: 'http://localhost', logger: createLogger('silent'), now: () => new Date(Date.now() - 30_000) });
  const invitation = await service.invite(address, role, { operator: null, ip: 'test kit' });
  const { secret } = await service.beginSetup({ token: invitation.token, password }, 'test kit');
  await service.confirmSetup({ token: invitation.token, code: totpCodeAt(secret, service.now()) }, 'test kit');
  return { id: invitation.id, email: invitation.email, password, totpSecret: secret };
}

/** The code an authenticator app shows at `at` (default now). */
export function totpCode(secret: string, at: Date = new Date()): string {
  return totpCodeAt(secret, at);
}

/**
 * Adds an operator with `role` to the server's database and signs them in over HTTP, from the
 * store's own Origin. `headers` carries the cookie and that Origin, as the studio's pages send them.
 */
export async function signInOperator(
  server: { url: string; databaseUrl: string },
  role: OperatorRole,
  opts: { email?: string } = {},
): Promise<{ cookie: string; headers: Record<string, string>; email: string; id: number }> {
  const database = openDatabase(server.databaseUrl);
  let operator: Awaited<ReturnType<typeof addOperator>>;
  try {
    operator = await addOperator(database, { email: opts.email, role });
  } finally {
    await database.close();
  }
  const origin = new URL(server.url).origin;
  const res = await fetch(new URL('/api/studio/login', server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ email: operator.email, password: operator.password, code: totpCode(operator.totpSecret) }),
  });
  const pair = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${STUDIO_COOKIE}=`) && c.length > STUDIO_COOKIE.length + 1);
  if (res.status !== 200 || !pair) throw new Error(`studio sign-in of ${operator.email} (${role}): ${res.status} ${await res.text()}`);
  return { cookie: pair, headers: { Cookie: pair, Origin: origin }, email: operator.email, id: operator.id };
}

/**
 * Publishes a new page at `address` whose banner shows `image` (a library image), with the route
 * to it, as a publisher does in the studio: drafts saved, then published. Answers the publish's status.
 */
export async function publishPageShowing(
  server: { url: string; contentDir: string },
  publisher: { headers: Record<string, string> },
  /** A library image as the API answers it (src, alt, width, height). */
  image: Readonly<Record<string, unknown>>,
  page: { name: string; title: string; address: string },
): Promise<number> {
  const definition = { metadata: { title: page.title, description: `Our ${page.title}.` }, blocks: [{ type: 'banner', title: `Visit the ${page.title}`, image: { src: image.src, alt: image.alt, width: image.width, height: image.height } }] };
  const routes = JSON.parse(fs.readFileSync(path.join(server.contentDir, 'routes.json'), 'utf8')) as { routes: unknown[] };
  routes.routes.splice(1, 0, { path: page.address, page: page.name });
  for (const [file, value] of [[`pages/${page.name}.json`, definition], ['routes.json', routes]] as const) {
    const res = await fetch(new URL('/api/studio/draft', server.url), { method: 'PUT', headers: { ...publisher.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ path: file, text: JSON.stringify(value) }) });
    if (res.status !== 200) throw new Error(`saving ${file}: ${res.status} ${await res.text()}`);
  }
  const published = await fetch(new URL('/api/studio/publish', server.url), { method: 'POST', headers: { ...publisher.headers, 'Content-Type': 'application/json' }, body: '{}' });
  return published.status;
}
