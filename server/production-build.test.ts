/**
 * The store as a seller runs it: the compiled server (`npm run build`, dist/server) started by
 * plain node with NODE_ENV=production, as `npm start` does. It answers the store, holds no tsx and
 * no TypeScript (its argument list, its environment, every module it loaded, its child
 * processes), runs none of the demo (no dealer example, no playground), and a port already taken
 * is refused with the name of the variable that chose it. A build that is missing or older than its
 * sources is refused, never rebuilt.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProblem, projectRoot, serverEntry } from './build-output';
import { freePort } from './testing/free-port';
import { scaledMs } from '../scripts/test-calibration';

beforeAll(() => {
  const problem = buildProblem();
  if (problem) throw new Error(`${problem} (npm test builds first; scripts/build-when-stale.ts)`);
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-production-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The environment of a seller's shell: none of the test runner's loaders or settings. */
function sellerEnv(env: Record<string, string>): Record<string, string> {
  // The demo's forms ask for a captcha, so a live store needs the reCAPTCHA keys (server/start-refused.ts).
  return { PATH: process.env.PATH ?? '', HOME: os.homedir(), NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: `sqlite:${path.join(dir, 'shop.db')}`, RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET_KEY: 'secret-key', ...env };
}

interface Started {
  child: ChildProcess;
  port: number;
  logs: { msg?: string }[];
  stderr: () => string;
}

function startBuilt(env: Record<string, string>, cwd = projectRoot, entry = serverEntry): Promise<Started> {
  const child = spawn(process.execPath, [entry, 'start'], { cwd, env: sellerEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const logs: { msg?: string }[] = [];
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      logs.push(entry);
      if (entry.msg === 'main site listening') resolve({ child, port: entry.port!, logs, stderr: () => errors });
    });
    child.once('close', (code) => reject(new Error(`exited ${code}: ${errors.slice(-2000)}`)));
  });
}

function runBuilt(env: Record<string, string>, cwd = projectRoot, entry = serverEntry) {
  return spawnSync(process.execPath, [entry, 'start'], { cwd, env: sellerEnv(env), encoding: 'utf8', timeout: scaledMs(30_000) });
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** Every JavaScript file node loaded, from NODE_DEBUG=esm,module (ES modules as they are stored, CommonJS as they load). */
function loadedModules(stderr: string): string[] {
  const esm = [...stderr.matchAll(/Storing (file:\/\/\S+) /g)].map((m) => decodeURIComponent(new URL(m[1]!).pathname));
  const cjs = [...stderr.matchAll(/^MODULE \d+: load "([^"]+)"/gm)].map((m) => m[1]!);
  return [...new Set([...esm, ...cjs])];
}

function childrenOf(pid: number): string[] {
  return fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .flatMap((p) => {
      try {
        const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === pid ? [fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' ')] : [];
      } catch {
        return [];
      }
    });
}

describe('the production build', () => {
  let store: Started;
  let dealerPort: number;

  beforeAll(async () => {
    dealerPort = await freePort();
    store = await startBuilt({ PORT: '0', DEALER_PORT: String(dealerPort), NODE_DEBUG: 'esm,module' });
  });
  afterAll(() => {
    store?.child.kill('SIGTERM');
  });

  it('answers the store: its pages and its readiness', async () => {
    const home = await fetch(`http://127.0.0.1:${store.port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<h1[^>]*>Kitchens built to gather around<\/h1>/);
    expect((await fetch(`http://127.0.0.1:${store.port}/api/ready`)).status).toBe(200);
  });

  it('runs on plain node: no tsx or TypeScript loader in its arguments, environment, modules or children', () => {
    const pid = store.child.pid!;
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(argv).toEqual([process.execPath, serverEntry, 'start']);
    const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(environ.filter((v) => v.startsWith('NODE_OPTIONS='))).toEqual([]);
    const modules = loadedModules(store.stderr());
    // The list is real: it holds the server and the packages it imports.
    expect(modules).toContain(serverEntry);
    expect(modules.some((m) => m.includes('/node_modules/koa/'))).toBe(true);
    expect(modules.filter((m) => /\/node_modules\/(tsx|esbuild|typescript|@esbuild)\/|\.[cm]?tsx?$/.test(m))).toEqual([]);
    // tsx would have started esbuild's service as a child.
    expect(childrenOf(pid)).toEqual([]);
  });

  it('runs none of the demo: no dealer example, no playground, no allowed origins unless set, and says so', async () => {
    expect(await refused(dealerPort)).toBe(true);
    expect((await fetch(`http://127.0.0.1:${store.port}/playground/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${store.port}/playground/index.html`)).status).toBe(404);
    const messages = store.logs.map((l) => l.msg);
    expect(messages).not.toContain('dealer example listening');
    expect(messages).toContain("ALLOWED_ORIGINS is not set: no other site's page may call the API, except the dealers of the content's dealers.json");
    const preflight = await fetch(`http://127.0.0.1:${store.port}/api/cart/totals`, { method: 'OPTIONS', headers: { Origin: `http://localhost:${dealerPort}`, 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a port already in use is refused with the name of its variable', () => {
    const clash = runBuilt({ PORT: String(store.port) });
    expect(clash.status).toBe(1);
    expect(clash.stderr).toContain(`PORT=${store.port} is in use by another program on 127.0.0.1: stop that program, or set PORT to a free port.`);
    expect(clash.stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
    const dealerClash = runBuilt({ PORT: '0', EXAMPLES: 'dealer', DEALER_PORT: String(store.port) });
    expect(dealerClash.status).toBe(1);
    expect(dealerClash.stderr).toContain(`DEALER_PORT=${store.port} is in use by another program on 127.0.0.1: stop that program, or set DEALER_PORT to a free port.`);
  });

  it('runs the payment pages’ check from the build too, with plain node, as npm run payment-pages:check does', () => {
    const script = (JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['payment-pages:check']!;
    expect(script).toBe('node dist/server/payment-pages/check-cli.js');
    const check = spawnSync(process.execPath, [path.join(projectRoot, 'dist', 'server', 'payment-pages', 'check-cli.js'), '--mode', 'html', '--url', `http://127.0.0.1:${store.port}`], { cwd: projectRoot, env: sellerEnv({}), encoding: 'utf8', timeout: scaledMs(60_000) });
    // No baseline is approved on a new store: exit 1, in words.
    expect(check.stderr).toBe('');
    expect(check.stdout).toContain(`Payment pages of http://127.0.0.1:${store.port} checked (HTML and headers)`);
    expect(check.stdout).toContain('No baseline is approved yet');
    expect(check.status).toBe(1);
  });

  it('runs the demo only when named: EXAMPLES=dealer,playground', async () => {
    const port = await freePort();
    const demo = await startBuilt({ PORT: '0', DEALER_PORT: String(port), EXAMPLES: 'dealer,playground', DATABASE_URL: `sqlite:${path.join(dir, 'demo.db')}` });
    try {
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${demo.port}/playground/`)).status).toBe(200);
    } finally {
      demo.child.kill('SIGTERM');
    }
  });
});

describe('a build that cannot be served', () => {
  /** A tree of its own holding this compiled server, the packages linked in. */
  function tree(name: string): { root: string; entry: string } {
    const root = path.join(dir, name);
    fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
    fs.cpSync(path.join(projectRoot, 'dist', 'server'), path.join(root, 'dist', 'server'), { recursive: true });
    fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'));
    return { root, entry: path.join(root, 'dist', 'server', 'cli.js') };
  }

  it('is refused, never built: missing bundles, or sources newer than the build', () => {
    const missing = tree('missing');
    const run = runBuilt({ PORT: '0' }, missing.root, missing.entry);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('There is no complete build in dist/: run npm run build, then start again.\n');
    expect(fs.readdirSync(path.join(missing.root, 'dist'))).toEqual(['server']);

    const stale = tree('stale');
    fs.writeFileSync(path.join(stale.root, 'dist', '.build-stamp'), 'release\n');
    fs.mkdirSync(path.join(stale.root, 'server'));
    fs.writeFileSync(path.join(stale.root, 'server', 'changed.ts'), 'export {};\n');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(stale.root, 'dist', '.build-stamp'), old, old);
    fs.utimesSync(stale.entry, old, old);
    const staleRun = runBuilt({ PORT: '0' }, stale.root, stale.entry);
    expect(staleRun.status).toBe(1);
    expect(staleRun.stderr).toBe('The build in dist/ is older than its sources: run npm run build, then start again.\n');
  });
});
