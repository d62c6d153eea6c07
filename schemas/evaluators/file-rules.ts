/** Upload rules: size in MB (default 2), allowed types, how many files are kept. */
import type { InputField } from '../forms/form-field.schema';
import { DEFAULT_MAX_FILE_SIZE_MB } from '../forms/form-defaults';
import type { FileLike } from './field-values';
import { FIELD_MESSAGES, fileTooLarge } from './validation-messages';

const BYTES_PER_MB = 1024 * 1024;

export function maxFileSizeMb(field: Pick<InputField, 'maxFileSize'>): number {
  return field.maxFileSize ?? DEFAULT_MAX_FILE_SIZE_MB;
}

/**
 * Is the file one of the allowed types? An entry is an extension (.pdf or pdf), a MIME type
 * (application/pdf) or a family (image/*). No list means any type.
 */
export function isAllowedFileType(file: Pick<FileLike, 'name' | 'type'>, fileTypes: readonly string[] | undefined): boolean {
  if (!fileTypes || fileTypes.length === 0) return true;
  const name = file.name.toLowerCase();
  const mime = file.type.toLowerCase();
  return fileTypes.some((raw) => {
    const t = raw.trim().toLowerCase();
    if (t.endsWith('/*')) return mime.startsWith(t.slice(0, -1));
    if (t.includes('/')) return mime === t;
    const ext = t.startsWith('.') ? t : `.${t}`;
    return name.endsWith(ext);
  });
}

/** The first problem of one file, or null. Size is checked before type, as the catalogue lists them. */
export function fileProblem(file: FileLike, field: Pick<InputField, 'maxFileSize' | 'fileTypes'>): string | null {
  const maxMb = maxFileSizeMb(field);
  if (file.size > maxMb * BYTES_PER_MB) return fileTooLarge(maxMb);
  if (!isAllowedFileType(file, field.fileTypes)) return FIELD_MESSAGES.unsupportedFileFormat;
  return null;
}

export interface FileSelection<F extends FileLike> {
  files: F[];
  /** 'File format is not supported' when a dropped file of a wrong type was refused. */
  error: string | null;
}

/**
 * Adds chosen or dropped files to a file field: files of a wrong type are refused with
 * 'File format is not supported'; files beyond maxFiles (default 1) are dropped silently.
 */
export function addFiles<F extends FileLike>(current: readonly F[], added: readonly F[], field: Pick<InputField, 'fileTypes' | 'maxFiles'>): FileSelection<F> {
  const accepted = added.filter((f) => isAllowedFileType(f, field.fileTypes));
  const error = accepted.length < added.length ? FIELD_MESSAGES.fileFormatNotSupported : null;
  const maxFiles = field.maxFiles ?? 1;
  return { files: [...current, ...accepted].slice(0, maxFiles), error };
}
