/**
 * The tables' types (tables.ts, written by hand) say what the migrations made: every table and
 * column of a freshly migrated database is declared, nothing else is, a column is nullable in its
 * type exactly when the database lets it hold NULL, and a column an insert may leave out (Generated,
 * or a ColumnType whose insert takes undefined) has a default in the database.
 *
 * tables.ts is read by parsing it (oxc-parser, as scripts/import-direction.ts does: the repo's
 * TypeScript 7 has no JavaScript compiler API). Parsing reads the very interfaces Kysely's types come
 * from, so nothing can drift; a runtime list of columns that the types were derived from would have
 * had to carry each column's select, insert and update types and rewrite the 45 commented interfaces,
 * for the same guarantee. The reader refuses shapes it does not know (an `extends`, a method, a table
 * that is not an interface of the file), so a new way of writing a table fails here, not silently.
 *
 * @engines sqlite postgres: each engine reports the columns, NOT NULLs and defaults the migrations
 * made on it (PostgreSQL through the type mapping of postgres-schema-plugin.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { parseSync } from 'oxc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database';
import type { Database } from './database';

interface ColumnFacts {
  nullable: boolean;
  /** Declared: an insert may leave it out. Stored: the database fills it in (a default, or an id it counts). */
  filledIn: boolean;
}
type Tables = Map<string, Map<string, ColumnFacts>>;

/** Kysely's own tables, kept by its Migrator: no query of the store names them. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

const TABLES_FILE = path.join(import.meta.dirname, 'tables.ts');

// oxc-parser's AST, as far as this reader walks it.
type Node = { type: string; [key: string]: any };

/** The tables and columns tables.ts declares, from its `DatabaseSchema` and the interfaces it names. */
function declaredTables(source: string): Tables {
  const { program, errors } = parseSync('tables.ts', source);
  if (errors.length) throw new Error(`tables.ts does not parse: ${errors.map((e) => e.message).join('; ')}`);
  const interfaces = new Map<string, Node>();
  const aliases = new Map<string, Node>();
  for (const statement of program.body as Node[]) {
    const declaration: Node | null = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'TSInterfaceDeclaration') interfaces.set(declaration.id.name, declaration);
    if (declaration?.type === 'TSTypeAliasDeclaration') aliases.set(declaration.id.name, declaration.typeAnnotation);
  }
  const resolve = (type: Node): Node => {
    while (type.type === 'TSParenthesizedType') type = type.typeAnnotation;
    if (type.type === 'TSTypeReference' && type.typeName.type === 'Identifier' && aliases.has(type.typeName.name) && !type.typeArguments) {
      return resolve(aliases.get(type.typeName.name)!);
    }
    return type;
  };
  const holds = (keyword: string) => (type: Node): boolean => {
    const resolved = resolve(type);
    return resolved.type === keyword || (resolved.type === 'TSUnionType' && resolved.types.some(holds(keyword)));
  };
  const holdsNull = holds('TSNullKeyword');
  const holdsUndefined = holds('TSUndefinedKeyword');
  const members = (name: string): Node[] => {
    const declaration = interfaces.get(name);
    if (!declaration) throw new Error(`tables.ts: ${name} is not an interface of the file`);
    if (declaration.extends?.length) throw new Error(`tables.ts: ${name} extends another type; declare its columns in it`);
    return declaration.body.body.map((member: Node) => {
      if (member.type !== 'TSPropertySignature' || member.computed) throw new Error(`tables.ts: ${name} has a member that is not a column`);
      return member;
    });
  };
  const keyName = (key: Node): string => (key.type === 'Identifier' ? key.name : String(key.value));

  const tables: Tables = new Map();
  for (const table of members('DatabaseSchema')) {
    const type = resolve(table.typeAnnotation.typeAnnotation);
    if (type.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier') throw new Error(`tables.ts: the table ${keyName(table.key)} is not an interface`);
    const columns = new Map<string, ColumnFacts>();
    for (const column of members(type.typeName.name)) {
      const declared = resolve(column.typeAnnotation.typeAnnotation);
      const wrapper = declared.type === 'TSTypeReference' && declared.typeName.type === 'Identifier' ? declared.typeName.name : undefined;
      const params: Node[] = declared.typeArguments?.params ?? [];
      // Kysely: Generated<T> is selected as T and may be left out of an insert; ColumnType<S, I, U> is
      // selected as S and may be left out when I takes undefined; any column whose type takes null may be too.
      const selected = wrapper === 'Generated' || wrapper === 'ColumnType' ? params[0]! : declared;
      const nullable = holdsNull(selected);
      const filledIn = wrapper === 'Generated' || (wrapper === 'ColumnType' && holdsUndefined(params[1] ?? params[0]!)) || column.optional;
      columns.set(keyName(column.key), { nullable, filledIn: filledIn && !nullable });
    }
    tables.set(keyName(table.key), columns);
  }
  return tables;
}

/** The tables and columns the migrations made in the database. */
async function storedTables(database: Database): Promise<Tables> {
  type Row = { table_name: string; column_name: string; nullable: boolean; filled_in: boolean };
  let rows: Row[];
  if (database.engine === 'sqlite') {
    // A primary key is NOT NULL by intent (PostgreSQL enforces it; SQLite, for old programs' sake,
    // would take a NULL in a key that is not an INTEGER PRIMARY KEY); an INTEGER PRIMARY KEY is the rowid, counted.
    const result = await sql<{ table_name: string; column_name: string; notnull: number; pk: number; dflt: string | null; type: string }>`
      select m.name as table_name, p.name as column_name, p."notnull" as "notnull", p.pk as pk, p.dflt_value as dflt, p.type as type
      from sqlite_master m join pragma_table_info(m.name) p
      where m.type = 'table' and m.name not like 'sqlite\\_%' escape '\\'`.execute(database.db);
    rows = result.rows.map((r) => ({
      table_name: r.table_name,
      column_name: r.column_name,
      nullable: r.notnull === 0 && r.pk === 0,
      filled_in: r.dflt !== null || (r.pk === 1 && r.type.toLowerCase() === 'integer'),
    }));
  } else {
    const result = await sql<{ table_name: string; column_name: string; is_nullable: string; column_default: string | null; is_identity: string }>`
      select c.table_name, c.column_name, c.is_nullable, c.column_default, c.is_identity
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(database.db);
    rows = result.rows.map((r) => ({
      table_name: r.table_name,
      column_name: r.column_name,
      nullable: r.is_nullable === 'YES',
      filled_in: r.column_default !== null || r.is_identity === 'YES',
    }));
  }
  const tables: Tables = new Map();
  for (const row of rows) {
    if (MIGRATOR_TABLES.has(row.table_name)) continue;
    if (!tables.has(row.table_name)) tables.set(row.table_name, new Map());
    tables.get(row.table_name)!.set(row.column_name, { nullable: row.nullable, filledIn: row.filled_in });
  }
  return tables;
}

/** What tables.ts and the migrations disagree on, one line each, sorted. */
function differences(declared: Tables, stored: Tables): string[] {
  const found: string[] = [];
  for (const table of stored.keys()) if (!declared.has(table)) found.push(`${table}: a table of the migrations, not in tables.ts`);
  for (const [table, columns] of declared) {
    const made = stored.get(table);
    if (!made) {
      found.push(`${table}: in tables.ts, no migration makes it`);
      continue;
    }
    for (const column of made.keys()) if (!columns.has(column)) found.push(`${table}.${column}: in the migrations, not in tables.ts`);
    for (const [column, facts] of columns) {
      const stored = made.get(column);
      if (!stored) found.push(`${table}.${column}: in tables.ts, not in the migrations`);
      else if (facts.nullable !== stored.nullable) found.push(`${table}.${column}: ${stored.nullable ? 'nullable' : 'NOT NULL'} in the migrations, ${facts.nullable ? 'takes null' : 'never null'} in tables.ts`);
      else if (facts.filledIn && !stored.filledIn) found.push(`${table}.${column}: tables.ts lets an insert leave it out, the migrations give it no default`);
    }
  }
  return found.sort();
}

let database: Database;
let tablesSource: string;
beforeAll(async () => {
  database = await openTestDatabase();
  tablesSource = fs.readFileSync(TABLES_FILE, 'utf8');
});
afterAll(async () => {
  await database?.close();
});

/** tables.ts with `from` (which must be in it, once) replaced. */
function tampered(from: string, to: string): string {
  expect(tablesSource.split(from)).toHaveLength(2);
  return tablesSource.replace(from, to);
}

describe('tables.ts against the migrations', () => {
  it('declares every table and column the migrations make, nothing more, with their nullability and defaults', async () => {
    const declared = declaredTables(tablesSource);
    expect(declared.size).toBeGreaterThan(40);
    expect(differences(declared, await storedTables(database))).toEqual([]);
  });

  it('finds a column a migration adds that tables.ts lacks', async () => {
    const changed = await openTestDatabase();
    try {
      await sql`alter table quote add column gift_note text`.execute(changed.db);
      expect(differences(declaredTables(tablesSource), await storedTables(changed))).toEqual(['quote.gift_note: in the migrations, not in tables.ts']);
    } finally {
      await changed.close();
    }
  });

  // tables.ts changed in one place (`from`, which must be in it once, becomes `to`): what is found.
  const tamperings: Array<[what: string, from: string, to: string, found: string]> = [
    ['a column no migration makes', 'export interface QuoteTable {\n', 'export interface QuoteTable {\n  gift_note: string | null;\n', 'quote.gift_note: in tables.ts, not in the migrations'],
    ['a column left out', "  lead_status: Generated<'new' | 'contacted' | 'closed'>;\n", '', 'form_submission.lead_status: in the migrations, not in tables.ts'],
    ['a table no migration makes', 'export interface DatabaseSchema {\n', 'export interface DatabaseSchema {\n  gift_card: ServerSecretTable;\n', 'gift_card: in tables.ts, no migration makes it'],
    ['a table left out', '  scheduled_run: ScheduledRunTable;\n', '', 'scheduled_run: a table of the migrations, not in tables.ts'],
    ['a nullable column said never null', '  unsubscribed_at: string | null;\n', '  unsubscribed_at: string;\n', 'newsletter_subscriber.unsubscribed_at: nullable in the migrations, never null in tables.ts'],
    ['a NOT NULL column said to take null', '  unsubscribe_token: string;\n', '  unsubscribe_token: string | null;\n', 'newsletter_subscriber.unsubscribe_token: NOT NULL in the migrations, takes null in tables.ts'],
    ['a column without a default that an insert may leave out', '  source_form: string;\n', '  source_form: Generated<string>;\n', 'newsletter_consent.source_form: tables.ts lets an insert leave it out, the migrations give it no default'],
  ];
  it.each(tamperings)('finds %s in tables.ts', async (_what, from, to, found) => {
    expect(differences(declaredTables(tampered(from, to)), await storedTables(database))).toEqual([found]);
  });

  it('refuses a table it cannot read rather than passing it', () => {
    expect(() => declaredTables(tampered('export interface ScheduledRunTable {\n', 'export interface ScheduledRunTable extends ServerSecretTable {\n'))).toThrow(/ScheduledRunTable extends another type/);
    expect(() => declaredTables(tampered('  scheduled_run: ScheduledRunTable;\n', '  scheduled_run: { name: string };\n'))).toThrow(/scheduled_run is not an interface/);
  });
});
