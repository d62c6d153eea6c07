/**
 * Operators read what came in through the forms:
 *   npm run submissions -- list [FORM]              one line per submission (newest last)
 *   npm run submissions -- export FORM --csv > f.csv  every submission of FORM as CSV
 * Reads the database the server uses (DATABASE_URL, as `npm start`) and the form definitions of
 * CONTENT_DIR for the column order. Uploads are named in the CSV by their file in UPLOADS_DIR.
 */
import { ConfigError, loadConfig } from './config';
import { loadContent } from './content/load-content';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { FormDefinition } from '../schemas/forms/form.schema';
import { formatList, listSubmissions, submissionsCsv } from './services/submissions-export';

const USAGE = 'Usage: npm run submissions -- list [FORM] | export FORM --csv';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function definitionOf(contentDir: string, form: string): FormDefinition | undefined {
  try {
    const forms = loadContent(contentDir).forms;
    return forms[form] ?? Object.values(forms).find((f) => f.name === form);
  } catch {
    // Without readable definitions the columns come from the stored data alone.
    return undefined;
  }
}

async function main(): Promise<void> {
  const [command, form, ...rest] = process.argv.slice(2);
  if (command !== 'list' && command !== 'export') fail(USAGE);
  if (command === 'export' && (!form || form.startsWith('--'))) fail(USAGE);
  const unknown = rest.filter((a) => a !== '--csv');
  if (unknown.length || (command === 'list' && rest.length)) fail(USAGE);
  const config = loadConfig();
  const database = openDatabase(config.databasePath);
  try {
    await migrateToLatest(database.db);
    const q = database.q;
    if (command === 'list') {
      const rows = await listSubmissions(q, form);
      process.stdout.write(rows.length ? `${formatList(rows)}\n` : `No submissions${form ? ` of the form "${form}"` : ''} yet.\n`);
    } else {
      process.stdout.write(await submissionsCsv(q, form!, definitionOf(config.contentDir, form!)));
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) fail(err.message);
  fail(`The submissions command failed: ${err instanceof Error ? err.message : String(err)}`);
});
