/**
 * Runtime constants of the form definitions that the browser needs. They live apart from the schema
 * objects (form-field.schema.ts) so that importing one does not pull the schemas' description text
 * into the form engine's bundle (bench/forms.ts, scripts/form-engine-size.test.ts: 12 kB gzip).
 */

/** Default upper bound of one uploaded file, in MB. */
export const DEFAULT_MAX_FILE_SIZE_MB = 2;
