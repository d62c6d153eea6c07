/**
 * The studio: operators (not customers) with their password, TOTP secret and set-up link; their
 * sign-in sessions; their one-use recovery codes; the audit log; each operator's drafts; and the
 * published versions of the content folder, each with the text of every file it changed before and
 * after (a restore writes the "before" texts back). Secrets are stored as hashes: argon2id for
 * passwords, sha256 for session ids, set-up tokens and recovery codes (112 bits and more of
 * randomness). The TOTP secret is needed to check codes, so it is stored as is.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    // Null until the set-up link's first step.
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret', 'text')
    // The last TOTP time step accepted: a code is good once (ASVS 6.5.1).
    .addColumn('totp_last_step', 'integer')
    // 1 once the second factor is confirmed; only then can the operator sign in.
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('setup_token_hash', 'text', (c) => c.unique())
    .addColumn('setup_expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operator_session')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operator.id').onDelete('cascade'))
    .addColumn('session_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_session_operator').on('operator_session').column('operator_id').execute();

  await db.schema
    .createTable('operator_recovery_code')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operator.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('operator_recovery_code_operator').on('operator_recovery_code').column('operator_id').execute();

  await db.schema
    .createTable('studio_audit')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    // The operator's e-mail at the time (kept when the operator is removed); null for a refused sign-in of no operator.
    .addColumn('operator_email', 'text')
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('studio_draft')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operator.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    // sha256 of the published text the draft began from; null for a file that did not exist.
    .addColumn('base_hash', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('studio_draft_operator_path', ['operator_id', 'path'])
    .execute();

  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('restored_from', 'integer')
    .execute();

  await db.schema
    .createTable('content_version_file')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('version_id', 'integer', (c) => c.notNull().references('content_version.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    // Null before: the version added the file; null after: it removed it.
    .addColumn('before_text', 'text')
    .addColumn('after_text', 'text')
    .execute();
  await db.schema.createIndex('content_version_file_version').on('content_version_file').column('version_id').execute();
  await db.schema.createIndex('content_version_file_path').on('content_version_file').column('path').execute();
}
