// The server suite also runs on PostgreSQL. With TEST_DATABASE_URL set, that server is used; otherwise
// the tests start a throwaway cluster from Debian's postgresql binaries, installed here when missing.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const binaries = () => fs.existsSync('/usr/lib/postgresql') && fs.readdirSync('/usr/lib/postgresql').some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));

if (!process.env.TEST_DATABASE_URL && !binaries()) {
  console.log('PostgreSQL is missing: installing Debian\'s postgresql package...');
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  const run = (cmd) => execSync(cmd, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  // Only the binaries: the tests make and remove their own cluster, so no main cluster is created or started.
  run(`${sudo}mkdir -p /etc/postgresql-common`);
  run(`echo 'create_main_cluster = false' | ${sudo}tee /etc/postgresql-common/createcluster.conf > /dev/null`);
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}apt-get install -y -qq --no-install-recommends postgresql`);
  if (!binaries()) {
    console.error('PostgreSQL is still missing under /usr/lib/postgresql; the server suite cannot run on it.');
    process.exit(1);
  }
}
