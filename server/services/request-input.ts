/**
 * Reading untrusted JSON bodies and queries. Every helper either returns a well-typed value or
 * throws an ApiError 400 with {error, message, fields}, so no route ever reaches a 500 on bad input.
 */
import { ApiError } from '../http/api-error';
import { readEmailAddress } from './email-address';

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function invalid(field: string, message: string, code = 'validation_failed'): ApiError {
  return new ApiError(400, code, message, { [field]: message });
}

/** A trimmed string up to maxLength characters, or undefined when absent or blank. */
export function optionalString(value: unknown, field: string, maxLength = 500): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') throw invalid(field, `${field} must be a string.`);
  const trimmed = value.trim();
  if (trimmed.length > maxLength) throw invalid(field, `${field} is too long.`);
  return trimmed === '' ? undefined : trimmed;
}

export function requiredString(value: unknown, field: string, message: string, maxLength = 500): string {
  const s = optionalString(value, field, maxLength);
  if (s === undefined) throw invalid(field, message);
  return s;
}

/** Whether the one e-mail rule (./email-address) takes the address. */
export function isEmail(value: string): boolean {
  return 'address' in readEmailAddress(value);
}

export function nowIso(): string {
  return new Date().toISOString();
}
