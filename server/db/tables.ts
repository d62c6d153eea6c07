/** Row types of every table, as Kysely sees them. Money columns hold integer cents. */
import type { Generated } from 'kysely';

export interface FormSubmissionTable {
  id: Generated<number>;
  form_name: string;
  data: string;
  created_at: string;
}

export interface DatabaseSchema {
  form_submission: FormSubmissionTable;
}
