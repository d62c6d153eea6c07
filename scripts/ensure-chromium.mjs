// The e2e tests drive Debian's Chromium; a fresh machine does not have it, so install it first.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  console.log('Chromium is missing: installing Debian\'s chromium package...');
  const run = (cmd) => execSync(cmd, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}apt-get install -y -qq chromium`);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`Chromium is still missing at ${CHROMIUM}; the e2e tests cannot run.`);
  process.exit(1);
}
