/**
 * docs/deployment.md, run from its own text on a fresh folder: every fenced block of the guide says,
 * in the comment above it (`<!-- guide-test: run -->` or `<!-- guide-test: not run: why -->`),
 * whether this test runs it. The blocks that run are run in the guide's order, in one "terminal"
 * (each block starts where the last one left off), against this checkout's built server and a
 * PostgreSQL of the test's own, exactly as written but for the few rewrites listed in REWRITES (the
 * test's folder stands for the machine's /etc and /srv; no fixed ports). `sudo` and `systemctl` are
 * stand-ins on the PATH: sudo runs the command as this user; systemctl starts a unit's ExecStart as
 * systemd would (its WorkingDirectory, EnvironmentFile and `%%` escapes, none of this shell's
 * environment). So a settings file that `. showroom.env` cannot read, a content folder no step
 * fills, or a command the production install cannot run fails here.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProblem, projectRoot } from './build-output';
import { freePort } from './testing/free-port';
import { startPostgresCluster, type PostgresCluster } from './testing/postgres-cluster';
import { scaledMs } from '../scripts/test-calibration';

interface Block {
  /** The line of the opening fence (1-based). */
  line: number;
  lang: string;
  text: string;
  /** The comment's words: `run`, `run; …` or `not run: why`; null without one. */
  marker: string | null;
}

const GUIDE = path.join(projectRoot, 'docs', 'deployment.md');

/** The fenced blocks of a Markdown text, each with the guide-test comment on the line above it. */
export function guideBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\w*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && lines[j]!.trim() !== '```') body.push(lines[j++]!.slice(indent.length));
    const above = lines[i - 1] ?? '';
    const marker = /^\s*<!-- guide-test: (.+?) -->\s*$/.exec(above)?.[1] ?? null;
    blocks.push({ line: i + 1, lang: open[2]!, text: body.join('\n'), marker });
    i = j;
  }
  return blocks;
}

const blocks = guideBlocks(fs.readFileSync(GUIDE, 'utf8'));
const runs = (b: Block) => b.marker === 'run' || b.marker?.startsWith('run;') === true;
const skipped = (b: Block) => [...(b.marker ?? '').matchAll(/skip "([^"]+)"/g)].map((m) => m[1]!);

/** The test's folder and ports in place of the machine's; each rewrite says why. */
interface Machine {
  root: string;
  port: number;
  metricsPort: number;
  postgresPort: number;
  user: string;
  group: string;
}
const REWRITES: [RegExp, (m: Machine) => string, string][] = [
  [/\/etc\/showroom\b/g, (m) => `${m.root}/etc/showroom`, "the test's folder stands for the machine's /etc"],
  [/\/etc\/systemd\/system\b/g, (m) => `${m.root}/etc/systemd/system`, "the test's folder stands for the machine's /etc"],
  [/\/srv\/showroom\b/g, (m) => `${m.root}/srv/showroom`, "the test's folder stands for the machine's /srv"],
  [/\b3000\b/g, (m) => String(m.port), 'no fixed port in a test'],
  [/\b9464\b/g, (m) => String(m.metricsPort), 'no fixed port in a test'],
  [/:5432\b/g, (m) => `:${m.postgresPort}`, "the test's own PostgreSQL"],
  [/-o showroom /g, (m) => `-o ${m.user} `, 'the system user showroom is made by step 3, which does not run here'],
  [/chgrp showroom /g, (m) => `chgrp ${m.group} `, 'the system user showroom is made by step 3, which does not run here'],
  [/smtp\.example\.com:465/g, () => '127.0.0.1:9', 'no e-mail leaves the test (nothing listens there)'],
];

function rewrite(text: string, machine: Machine): string {
  return REWRITES.reduce((t, [pattern, to]) => t.replace(pattern, to(machine)), text);
}

/** `sudo -u USER command…` as this user. */
const SUDO = `#!/bin/sh
while [ $# -gt 0 ]; do case "$1" in -u) shift 2;; -*) shift;; *) break;; esac; done
exec "$@"
`;

/**
 * systemctl: daemon-reload does nothing; enable --now and start run a service's ExecStart (and
 * ExecStartPost) as systemd does: in its WorkingDirectory, with only its EnvironmentFile's
 * variables (quotes removed as systemd removes them), `%%` read as `%`; a simple service in the
 * background (its pid kept for the test to stop), a oneshot to its end. A timer is enabled, never
 * waited for.
 */
const SYSTEMCTL = `
const fs = require('node:fs');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const unitsDir = process.env.GUIDE_UNITS;
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const [verb, name] = args;
if (verb === 'daemon-reload' || (verb === 'enable' && !process.argv.includes('--now'))) process.exit(0);
if (!['enable', 'start'].includes(verb)) { console.error('systemctl stand-in: ' + verb + ' is not known'); process.exit(2); }
const unit = name.includes('.') ? name : name + '.service';
if (unit.endsWith('.timer')) { console.log('(the test enables ' + unit + ' and does not wait for it)'); process.exit(0); }
const text = fs.readFileSync(path.join(unitsDir, unit), 'utf8');
const setting = (key) => [...text.matchAll(new RegExp('^' + key + '=(.*)$', 'gm'))].map((m) => m[1].replaceAll('%%', '%'));
const words = (line) => [...line.matchAll(/'([^']*)'|"([^"]*)"|(\\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
const env = { PATH: '/usr/local/bin:/usr/bin:/bin' };
for (const file of setting('EnvironmentFile')) {
  for (const raw of fs.readFileSync(file, 'utf8').split('\\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    let value = line.slice(eq + 1).trim();
    if (/^".*"$|^'.*'$/.test(value)) value = value.slice(1, -1);
    env[line.slice(0, eq).trim()] = value;
  }
}
const cwd = setting('WorkingDirectory')[0] || '/';
const type = setting('Type')[0] || 'simple';
const [start] = setting('ExecStart');
if (type === 'oneshot') {
  for (const line of [start, ...setting('ExecStartPost')]) {
    const [cmd, ...rest] = words(line);
    const run = spawnSync(cmd, rest, { cwd, env, stdio: 'inherit' });
    if (run.status !== 0) { console.error(unit + ': ' + line + ' exited ' + run.status); process.exit(1); }
  }
  process.exit(0);
}
const [cmd, ...rest] = words(start);
const log = fs.openSync(path.join(process.env.GUIDE_RUN, unit + '.log'), 'a');
const child = spawn(cmd, rest, { cwd, env, stdio: ['ignore', log, log], detached: true });
fs.writeFileSync(path.join(process.env.GUIDE_RUN, unit + '.pid'), String(child.pid));
child.unref();
`;

describe('docs/deployment.md', () => {
  it('says above every block whether this test runs it, and why not when it does not', () => {
    const unmarked = blocks.filter((b) => b.marker === null).map((b) => `line ${b.line}`);
    expect(unmarked, 'put <!-- guide-test: run --> or <!-- guide-test: not run: why --> on the line above each block').toEqual([]);
    for (const b of blocks) {
      expect(runs(b) || /^not run: .{20,}/.test(b.marker!), `line ${b.line}: ${b.marker}`).toBe(true);
      if (runs(b)) expect(b.lang, `line ${b.line}: only shell runs`).toBe('sh');
    }
    // What a reader is told: the blocks left out, each with its reason.
    const notRun = blocks.filter((b) => !runs(b)).map((b) => `line ${b.line}, ${b.text.split('\n')[0]!.trim()}: ${b.marker!.slice('not run: '.length)}`);
    expect(notRun.length).toBeGreaterThan(0);
    for (const line of notRun) expect(line).toMatch(/^line \d+, .+: .{20,}$/);
  });

  describe('run from its own text on a fresh folder, on PostgreSQL', () => {
    let cluster: PostgresCluster;
    let machine: Machine;
    const outputs: { line: number; status: number | null; stdout: string; stderr: string }[] = [];

    beforeAll(async () => {
      const problem = buildProblem();
      if (problem) throw new Error(`${problem} (npm test builds first; scripts/build-when-stale.ts)`);
      cluster = await startPostgresCluster();
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-guide-'));
      machine = {
        root,
        port: await freePort(),
        metricsPort: await freePort(),
        postgresPort: Number(new URL(cluster.url).port),
        user: os.userInfo().username,
        group: spawnSync('id', ['-gn'], { encoding: 'utf8' }).stdout.trim(),
      };
      // What steps 1 to 3 leave on the machine: Node, PostgreSQL's programs, /srv/showroom/app built.
      const app = path.join(root, 'srv', 'showroom', 'app');
      fs.mkdirSync(app, { recursive: true });
      fs.copyFileSync(path.join(projectRoot, 'package.json'), path.join(app, 'package.json'));
      for (const linked of ['dist', 'node_modules', 'examples']) fs.symlinkSync(path.join(projectRoot, linked), path.join(app, linked));
      for (const dir of ['etc/systemd/system', 'bin', 'home', 'run']) fs.mkdirSync(path.join(root, dir), { recursive: true });
      fs.writeFileSync(path.join(root, 'bin', 'sudo'), SUDO, { mode: 0o755 });
      fs.writeFileSync(path.join(root, 'bin', 'systemctl'), `#!${process.execPath}\n${SYSTEMCTL}`, { mode: 0o755 });

      let cwd = path.join(root, 'home');
      const env = {
        PATH: `${path.join(root, 'bin')}:/usr/local/bin:/usr/bin:/bin`,
        HOME: path.join(root, 'home'),
        // The machine's `postgres` user reaches its PostgreSQL by itself; the test's is on a port of its own.
        PGHOST: '127.0.0.1',
        PGPORT: String(machine.postgresPort),
        PGUSER: 'showroom',
        GUIDE_UNITS: path.join(root, 'etc', 'systemd', 'system'),
        GUIDE_RUN: path.join(root, 'run'),
      };
      for (const block of blocks.filter(runs)) {
        const lines = block.text.split('\n').filter((l) => !skipped(block).some((s) => l.includes(s)));
        const script = `${rewrite(lines.join('\n'), machine)}\npwd > "${root}/run/cwd"\n`;
        const run = spawnSync('bash', ['-e', '-c', script], { cwd, env, encoding: 'utf8', timeout: scaledMs(120_000) });
        outputs.push({ line: block.line, status: run.status, stdout: run.stdout, stderr: run.stderr });
        if (run.status !== 0) break;
        cwd = fs.readFileSync(path.join(root, 'run', 'cwd'), 'utf8').trim();
      }
    }, scaledMs(600_000));

    afterAll(async () => {
      if (machine) {
        for (const file of fs.readdirSync(path.join(machine.root, 'run')).filter((f) => f.endsWith('.pid'))) {
          try {
            process.kill(Number(fs.readFileSync(path.join(machine.root, 'run', file), 'utf8')), 'SIGTERM');
          } catch {
            // already ended
          }
        }
      }
      await cluster?.stop();
      // The store had its grace to stop; its folder goes with the test.
      if (machine) fs.rmSync(machine.root, { recursive: true, force: true });
    });

    const output = (line: number) => outputs.find((o) => o.line === line);
    const blockWith = (words: string) => blocks.find((b) => runs(b) && b.text.includes(words))!;

    it('runs every block it marks to run, each to its end', () => {
      const failed = outputs.find((o) => o.status !== 0);
      expect(failed && `line ${failed.line} exited ${failed.status}:\n${failed.stderr.slice(-3000)}\n${failed.stdout.slice(-2000)}`).toBeUndefined();
      expect(outputs.map((o) => o.line)).toEqual(blocks.filter(runs).map((b) => b.line));
    });

    it('reads its settings file in the shell and in systemd alike, and fills the content folder it names', () => {
      const env = fs.readFileSync(path.join(machine.root, 'etc', 'showroom', 'showroom.env'), 'utf8');
      expect(env).toContain('MAIL_FROM="Example Kitchens <orders@example.com>"');
      const read = spawnSync('sh', ['-c', `set -a; . ${machine.root}/etc/showroom/showroom.env; printf %s "$MAIL_FROM"`], { encoding: 'utf8' });
      expect(read.stdout).toBe('Example Kitchens <orders@example.com>');
      expect(fs.existsSync(path.join(machine.root, 'srv', 'showroom', 'content', 'site.json'))).toBe(true);
      expect(output(blockWith('npm run migrate').line)?.stdout).toMatch(/Applied: 0001_/);
    });

    it('starts the store as its unit says, and it answers ready', () => {
      expect(output(blockWith('systemctl enable --now showroom').line)?.stdout).toContain('{"status":"ready","database":"postgres","migrations":"current"}');
    });

    it('adds the first operator, with a link to the studio on PUBLIC_URL', () => {
      expect(output(blockWith('npm run operator').line)?.stdout).toContain('  https://shop.example.com/studio/setup#');
    });

    it('backs up nightly and by hand, each backup saying what it holds, and restores one into a new database', () => {
      const nightly = output(blockWith('showroom-backup.timer').line)!.stdout;
      expect(nightly).toMatch(/Backed up postgres:\/\/127\.0\.0\.1:\d+\/showroom to .*showroom-\d{4}-\d\d-\d\d-\d{6}\.backup \([\d.]+ MB; pg_dump, custom format\): 0 orders, total \$0\.00; 0 payments, \$0\.00 paid; 0 uploaded files\./);
      expect(output(blockWith('exec npm run backup').line)!.stdout).toMatch(/Backed up .* \(.*pg_dump, custom format\): 0 orders/);
      expect(fs.readdirSync(path.join(machine.root, 'srv', 'showroom', 'backups')).filter((f) => f.endsWith('.backup'))).toHaveLength(2);
      expect(output(blockWith('showroom_restored').line)!.stdout).toMatch(/Restored .* into postgres:\/\/127\.0\.0\.1:\d+\/showroom_restored: 0 orders/);
      expect(output(blockWith('showroom_check').line)!.stdout).toMatch(/Restored .* into postgres:\/\/127\.0\.0\.1:\d+\/showroom_check: 0 orders/);
    });
  });
});
