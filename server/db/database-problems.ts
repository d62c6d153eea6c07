/**
 * The database's failures to open, in the store's words: which database (DATABASE_URL's host and
 * port, or the SQLite file), what is wrong, and what to do, instead of a driver's stack with
 * ECONNREFUSED or `database "showroom" does not exist`. Passwords are never printed.
 */
import { StartRefused } from '../start-refused';
import { openDatabase, type Database } from './database';
import { isPostgresUrl } from './database-url';

type ErrorLike = { code?: unknown; message?: unknown; errors?: unknown };

/** The codes of an error, and of each error an AggregateError carries (a host name with several addresses). */
function codesOf(err: unknown): string[] {
  const e = (err ?? {}) as ErrorLike;
  const own = typeof e.code === 'string' ? [e.code] : [];
  const nested = Array.isArray(e.errors) ? e.errors.flatMap(codesOf) : [];
  return [...own, ...nested];
}

function postgresWhere(url: string): { host: string; port: string; database: string; user: string } {
  const u = new URL(url);
  const socket = u.searchParams.get('host');
  return {
    host: u.hostname.replace(/^\[|\]$/g, '') || socket || 'localhost',
    port: u.port || '5432',
    database: decodeURIComponent(u.pathname.slice(1)) || decodeURIComponent(u.username) || 'postgres',
    user: decodeURIComponent(u.username),
  };
}

/**
 * `target`: what was opened (DATABASE_URL, a `sqlite:` file or a file path); `variable`: the setting
 * that named it. Answers a StartRefused to print in place of `err`, or undefined when `err` is not
 * about reaching the database.
 */
export function databaseProblem(err: unknown, target: string, variable = 'DATABASE_URL'): StartRefused | undefined {
  const codes = codesOf(err);
  const has = (...wanted: string[]) => codes.some((c) => wanted.includes(c));
  if (isPostgresUrl(target)) {
    let where: ReturnType<typeof postgresWhere>;
    try {
      where = postgresWhere(target);
    } catch {
      return new StartRefused(`${variable} is not a URL such as postgres://user:password@host:5432/showroom.`);
    }
    const at = `PostgreSQL at ${where.host}:${where.port} (${variable})`;
    if (has('ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT')) {
      return new StartRefused(`${at} does not answer: is PostgreSQL running there, and does it take connections from this machine (listen_addresses, the firewall)?`);
    }
    if (has('ENOTFOUND', 'EAI_AGAIN')) return new StartRefused(`The host ${where.host} of ${variable} is not known to this machine: check its spelling.`);
    if (has('3D000')) {
      const user = where.user ? ` -U ${where.user}` : '';
      return new StartRefused(
        `The database "${where.database}" does not exist on ${at}. Create it first, then run npm run migrate:\n` +
          `  createdb -h ${where.host} -p ${where.port}${user} ${where.database}\n` +
          `or, in psql as a user who may create databases: CREATE DATABASE "${where.database}"${where.user ? ` OWNER "${where.user}"` : ''};`,
      );
    }
    if (has('28P01', '28000')) return new StartRefused(`${at} refused the user "${where.user}": check the user and password in ${variable} (and pg_hba.conf for this machine).`);
    if (has('42501')) return new StartRefused(`The user "${where.user}" of ${variable} may not create tables in the database "${where.database}" on ${at}: make it the database's owner (ALTER DATABASE "${where.database}" OWNER TO "${where.user}").`);
    return undefined;
  }
  const file = target.replace(/^sqlite:/, '');
  if (has('SQLITE_CANTOPEN', 'EACCES', 'EROFS', 'ENOTDIR', 'EEXIST')) return new StartRefused(`The SQLite database ${file} (${variable}) cannot be opened: check that its folder exists and that this user may write there.`);
  if (has('SQLITE_READONLY')) return new StartRefused(`The SQLite database ${file} (${variable}) is read-only for this user: the store writes orders there.`);
  if (has('SQLITE_NOTADB', 'SQLITE_CORRUPT')) return new StartRefused(`${file} (${variable}) is not a SQLite database, or is damaged: restore it from a backup (npm run restore -- FILE).`);
  return undefined;
}

/**
 * Opens a database and asks it one question, so one that cannot be reached, does not exist or
 * refuses the user is told in words before anything else runs.
 */
export async function openCheckedDatabase(target: string, variable = 'DATABASE_URL', options: { poolSize?: number } = {}): Promise<Database> {
  let database: Database;
  try {
    database = openDatabase(target, options);
  } catch (err) {
    throw databaseProblem(err, target, variable) ?? err;
  }
  try {
    await database.check();
    return database;
  } catch (err) {
    await database.close().catch(() => {});
    throw databaseProblem(err, target, variable) ?? err;
  }
}
