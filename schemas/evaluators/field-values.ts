/** The values a form holds, as the renderer, the widgets and the server see them. */

/** What validation needs of an uploaded file: the browser's File and the server's upload both fit. */
export interface FileLike {
  name: string;
  /** Size in bytes. */
  size: number;
  /** MIME type, e.g. application/pdf; may be empty when the browser does not know it. */
  type: string;
}

/** Every field is a string by default; choice lists are string lists, uploads file lists. */
export type FieldValue = string | number | boolean | readonly string[] | readonly FileLike[] | null | undefined;
export type FormValues = Readonly<Record<string, FieldValue>>;

export function isFileList(value: FieldValue): value is readonly FileLike[] {
  return Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null);
}

/** The chosen values of a list-valued field; a lone string counts as a one-item list. */
export function valueList(value: FieldValue): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (typeof value === 'number') return [String(value)];
  return [];
}

/** Empty: nothing typed, nothing chosen, not checked. */
export function isEmptyValue(value: FieldValue): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** A checkbox counts as checked for true and for the strings browsers and forms send for it. */
export function isChecked(value: FieldValue): boolean {
  return value === true || value === 'true' || value === 'on' || value === 'yes' || value === '1';
}
