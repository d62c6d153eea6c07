/**
 * What a new password must be: at least 10 characters, at most 200 (argon2 would take more, but
 * nobody types that and it bounds the work of a request), not one of the most common passwords
 * (./common-passwords.txt, compared lower-cased) and not the account's own e-mail.
 */
import fs from 'node:fs';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_MESSAGES = {
  required: 'This field is required',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password can't exceed ${PASSWORD_MAX_LENGTH} characters`,
  common: 'This password is too common. Please choose another one.',
  sameAsEmail: 'Password must not be your e-mail address',
} as const;

let common: ReadonlySet<string> | undefined;

/** The list, read once: one password a line, `#` lines are comments. */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#')),
  );
  return common;
}

/** The first problem of a new password, or null. Length counts characters, not UTF-16 units. */
export function passwordProblem(password: unknown, email?: string): string | null {
  if (typeof password !== 'string' || password === '') return PASSWORD_MESSAGES.required;
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return PASSWORD_MESSAGES.common;
  if (email && lower.trim() === email.trim().toLowerCase()) return PASSWORD_MESSAGES.sameAsEmail;
  return null;
}

/**
 * Whether a password is guessed early by any cracker however long it is: only spaces, one
 * character or a short group repeated ("aaaaaaaaaaaa", "abcabcabcabc"), a run of neighbouring
 * characters ("123456789012", "abcdefghijkl"), too few different characters, or a common password
 * of the whole ranked list (./common-passwords.txt) with digits and symbols around it or repeated
 * ("password2024!", "2024!Summer!!", "dragondragon99"): crackers try exactly these, a list word
 * with years and symbols added, long before anything else.
 */
export function isRepeatedOrCommon(password: string): boolean {
  const chars = [...password.toLowerCase()];
  const text = chars.join('');
  if (text.trim() === '') return true;
  if (new Set(chars).size < 5) return true;
  if (repeatsAGroup(chars, (unit) => unit.length <= 4 || commonPasswords().has(unit))) return true;
  const codes = chars.map((c) => c.codePointAt(0)!);
  const steps = new Set(codes.slice(1).map((c, i) => c - codes[i]!));
  if (steps.size === 1 && [1, -1].includes([...steps][0]!)) return true;
  return listWordsInside(text).some((word) => commonPasswords().has(word) || repeatsAGroup([...word], (unit) => commonPasswords().has(unit)));
}

/** Whether the characters are one group repeated, a group that `counts`. */
function repeatsAGroup(chars: readonly string[], counts: (unit: string) => boolean): boolean {
  const text = chars.join('');
  for (let unit = 1; unit <= chars.length / 2; unit++) {
    if (chars.length % unit === 0 && text === chars.slice(0, unit).join('').repeat(chars.length / unit)) return counts(chars.slice(0, unit).join(''));
  }
  return false;
}

/**
 * What is left of a password once the digits and symbols around it are taken off, as a cracker's
 * rules add them: at either end or both ("password2024!" gives "password", "password2024" and
 * "2024!password" gives "password"). Only what keeps at least 4 characters counts (the list's
 * shortest entries, such as "1234", would otherwise match almost anything).
 */
function listWordsInside(text: string): string[] {
  const words = new Set<string>();
  const add = (word: string) => {
    if ([...word].length >= 4 && word !== text) words.add(word);
  };
  const letters = text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  add(letters);
  add(text.replace(/[^\p{L}\p{N}]+$/u, ''));
  add(text.replace(/^[^\p{L}\p{N}]+/u, ''));
  add(text.replace(/^[^\p{L}]+/u, ''));
  add(text.replace(/[^\p{L}]+$/u, ''));
  return [...words];
}
