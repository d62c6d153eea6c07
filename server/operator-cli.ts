/**
 * The studio's operators from the command line:
 *   npm run operator -- add EMAIL --role viewer|editor|publisher|admin   prints a one-time set-up link
 *   npm run operator -- list                                            every operator and its state
 *   npm run operator -- disable EMAIL                                   no more sign-ins; sessions end
 * `add` of an operator not set up yet (or disabled) gives a new link, and the old one stops working;
 * an active operator is refused. The link opens /studio/setup with the token in its fragment, so
 * the token never reaches a server's log; it is good for 24 hours, once. DATABASE_URL and
 * PUBLIC_URL are read as by `npm start`. Every change is in the studio's audit log.
 */
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES } from '../schemas/api/studio';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ApiError } from './http/api-error';
import { defaultStoreOrigins } from './http/store-origins';
import { createLogger } from './logger';
import { COMMAND_LINE, isOperatorRole, OperatorService, SETUP_LINK_HOURS } from './studio/operator-service';
import { startedAsCommand } from './command-entry';

export const USAGE = [
  'Usage: npm run operator -- add EMAIL --role viewer|editor|publisher|admin',
  '       npm run operator -- list',
  '       npm run operator -- disable EMAIL',
  '',
  '  add       adds an operator of the studio (/studio) and prints a one-time set-up link (24 hours);',
  '            for one not set up yet, or disabled, a new link (the previous one stops working)',
  '  list      every operator with its role and state',
  '  disable   the operator can no longer sign in; their sessions end',
  '',
  'Roles, each with what the one before may do: viewer (reads), editor (drafts),',
  'publisher (publishes and restores), admin (manages operators, reads the audit log).',
  'DATABASE_URL and PUBLIC_URL are read as by npm start.',
].join('\n');

export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

class UsageError extends Error {}

function parse(args: string[]): { command: string; email?: string; role?: string; help: boolean } {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, strict: true, options: { role: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const [command = '', email, ...extra] = parsed.positionals;
  if (parsed.values.help) return { command, help: true };
  if (!['add', 'list', 'disable'].includes(command)) throw new UsageError(command ? `Unknown command "${command}".` : 'Name a command.');
  if (command === 'list' && (email !== undefined || parsed.values.role !== undefined)) throw new UsageError('list takes no e-mail and no --role.');
  if (command !== 'list' && !email) throw new UsageError(`${command} needs the operator's e-mail.`);
  if (extra.length) throw new UsageError(`Unexpected: ${extra.join(' ')}`);
  if (command === 'add' && parsed.values.role === undefined) throw new UsageError(`add needs --role, one of: ${OPERATOR_ROLES.join(', ')}.`);
  if (command === 'add' && !isOperatorRole(parsed.values.role)) throw new UsageError(`--role must be one of: ${OPERATOR_ROLES.join(', ')} (got "${parsed.values.role}").`);
  if (command === 'disable' && parsed.values.role !== undefined) throw new UsageError('disable takes no --role.');
  return { command, email, role: parsed.values.role, help: false };
}

function pad(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n');
}

/** Runs one command; answers the exit code (0, or 1 with a message on stderr). */
export async function runOperatorCli(args: string[], env: NodeJS.ProcessEnv = process.env, out: CliOutput = processOutput): Promise<number> {
  let command: ReturnType<typeof parse>;
  try {
    command = parse(args);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    out.stderr(`${err.message}\n${USAGE.split('\n\n')[0]}\n(npm run operator -- --help tells more)\n`);
    return 1;
  }
  if (command.help) {
    out.stdout(`${USAGE}\n`);
    return 0;
  }
  try {
    const config = loadConfig(env);
    // The address `npm start` prints with the same settings, so the link opens the store's studio.
    const publicUrl = config.publicUrl ?? defaultStoreOrigins(config.host, config.host, config.port)[0]!;
    const database = openDatabase(config.databasePath);
    try {
      await migrateToLatest(database.db);
      const operators = new OperatorService({ q: database.q, publicUrl, logger: createLogger('silent') });
      if (command.command === 'add') {
        const added = await operators.invite(command.email!, command.role as (typeof OPERATOR_ROLES)[number], { operator: null, ip: COMMAND_LINE });
        out.stdout(
          [
            added.renewed ? `A new set-up link for ${added.email} (${added.role}); the previous link no longer works.` : `Operator ${added.email} added as ${added.role}.`,
            `Set-up link (works once, for ${SETUP_LINK_HOURS} hours, until ${added.expiresAt}):`,
            '',
            `  ${added.setupUrl}`,
            '',
            'Open it to choose a password and to add the studio to an authenticator app.',
            ...(config.publicUrl ? [] : [`The link is on this machine's PORT (${config.port}): PUBLIC_URL is not set. Set it to the store's address (PUBLIC_URL=https://shop.example.com) and add again for a link that opens from elsewhere.`]),
            '',
          ].join('\n'),
        );
      } else if (command.command === 'list') {
        const rows = await operators.list();
        if (rows.length === 0) {
          out.stdout('No operators yet. Add the first: npm run operator -- add you@example.com --role admin\n');
        } else {
          const now = Date.now();
          const state = (r: (typeof rows)[number]) =>
            r.disabled ? 'disabled' : r.active ? 'active' : r.setupExpiresAt && Date.parse(r.setupExpiresAt) > now ? `set-up pending (link until ${r.setupExpiresAt})` : 'set-up link expired (add again for a new one)';
          out.stdout(`${pad([['ID', 'EMAIL', 'ROLE', 'STATE'], ...rows.map((r) => [String(r.id), r.email, r.role, state(r)])])}\n`);
        }
      } else {
        const { operator, already, adminsLeft } = await operators.disableByEmail(command.email!);
        out.stdout(already ? `${operator.email} was disabled already.\n` : `${operator.email} is disabled; their sessions have ended.\n`);
        if (!already && operator.role === 'admin' && adminsLeft === 0) out.stdout('No active admin is left: add one with npm run operator -- add EMAIL --role admin\n');
      }
      return 0;
    } finally {
      await database.close();
    }
  } catch (err) {
    if (err instanceof ConfigError) out.stderr(`${err.message}\n`);
    else if (err instanceof ApiError && err.code === 'operator_exists') {
      const email = command.email!.trim();
      out.stderr(`${email} is an active operator already. For a new set-up link (a lost phone, a forgotten password), disable them first:\n  npm run operator -- disable ${email}\nthen add them again.\n`);
    } else if (err instanceof ApiError) out.stderr(`${err.message}\n`);
    else out.stderr(`The operator command failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

if (startedAsCommand(import.meta.url)) {
  runOperatorCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`The operator command failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
