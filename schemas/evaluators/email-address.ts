/**
 * The one e-mail rule, against look-alike accounts: every place that takes an e-mail
 * address (accounts, checkout addresses, form fields and so the newsletter, quotes, the order lookup)
 * checks it here, in the browser and on the server alike, so `alice@…`, `аlice@…` (Cyrillic а),
 * `ａlice@…` (full-width), `alice\u200b@…` and a homograph domain cannot become five customers.
 *
 * - The address is normalised first: NFKC (full-width and other compatibility forms become their
 *   plain letters: `ａlice` is `alice`), trimmed, and the domain lower-cased. That is the address
 *   the store keeps and mails.
 * - Invisible and format characters are refused (Unicode category C: controls, format characters
 *   such as zero-width spaces and joiners, bidi controls, soft hyphens; and the blank-looking
 *   fillers and variation selectors), since nobody types them on purpose.
 * - A local part, or one domain label, that mixes scripts is refused (Latin with Cyrillic or Greek,
 *   and so on). A label wholly in one script is fine (`пример.рф`), and so are the mixes a language
 *   writes with (Japanese: Han, Hiragana, Katakana; Chinese: Han, Bopomofo; Korean: Han, Hangul;
 *   each also with Latin). Digits, `.`, `-`, `_`, `+` belong to every script.
 * - `xn--` (punycode) labels are checked as the Unicode they stand for, where a decoder is given:
 *   the server sets node:url's domainToUnicode (server/services/email-address.ts); this folder
 *   imports no Node built-ins, so in the browser they pass as plain ASCII and the server decides.
 *
 * Identity: two addresses are the same customer, subscriber or order e-mail when their identities
 * (`emailIdentity`) are equal: the normalised address, its punycode labels decoded, wholly
 * lower-cased. The local part is case-folded too, as the store always compared it (RFC 5321 lets a
 * mail server tell `Alice` from `alice`; no mail provider customers use does, and two accounts that
 * differ only in case would be look-alikes themselves). See docs/accounts.md.
 */
import { EMAIL_MESSAGES, FIELD_MESSAGES } from './validation-messages';

/** RFC 5321's limit on a whole address in a mail command. */
export const MAX_EMAIL_LENGTH = 254;

const SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
/**
 * Invisible or formatting code points: category C (Cc, Cf, Cs, Co, Cn), the combining grapheme
 * joiner, variation selectors, and the blank letters (Hangul fillers, the braille blank). Tabs and
 * line breaks are whitespace, which the shape refuses as 'Invalid email address' like a space.
 */
const INVISIBLE = /(?![\t\n\v\f\r])[\p{C}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2800\u3164\uFE00-\uFE0F\uFFA0\u{E0100}-\u{E01EF}]/u;

/** The scripts told apart; a letter of any other script counts as 'Other' (one script). */
const SCRIPTS: readonly [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Han', /\p{Script=Han}/u],
  ['Hiragana', /\p{Script=Hiragana}/u],
  ['Katakana', /\p{Script=Katakana}/u],
  ['Bopomofo', /\p{Script=Bopomofo}/u],
  ['Hangul', /\p{Script=Hangul}/u],
];
/** Characters of every script (digits, punctuation, combining marks): they never make a mix. */
const ANY_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;
/** Script sets a language writes with: a label whose scripts all fall in one of these is not a mix. */
const WRITING_SYSTEMS: readonly ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** The scripts of the letters of a text. */
function scriptsOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const ch of text) {
    if (ANY_SCRIPT.test(ch)) continue;
    found.add(SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? 'Other');
  }
  return found;
}

/** Whether the letters of one part (a local part or a domain label) come from more than one script. */
export function mixesScripts(part: string): boolean {
  const scripts = scriptsOf(part);
  if (scripts.size <= 1) return false;
  return !WRITING_SYSTEMS.some((system) => [...scripts].every((s) => system.has(s)));
}

/** A punycode label's Unicode, '' when it is not valid punycode. Identity in the browser. */
export type DomainDecoder = (asciiDomain: string) => string;

let registeredDecoder: DomainDecoder | null = null;

/** The server gives its punycode decoder (node:url domainToUnicode) once, at start. */
export function setDomainDecoder(decode: DomainDecoder): void {
  registeredDecoder = decode;
}

/** The domain with its `xn--` labels decoded; null when one is not valid punycode. Unchanged without a decoder. */
function decodeDomain(domain: string, decode: DomainDecoder | null): string | null {
  if (!decode || !domain.split('.').some((label) => label.startsWith('xn--'))) return domain;
  const decoded = decode(domain);
  return decoded === '' ? null : decoded.toLowerCase();
}

export type EmailCheck = { ok: true; address: string; identity: string } | { ok: false; problem: string };

/** NFKC, trimmed, domain lower-cased: the form kept and mailed (no check made). */
export function normalizeEmailAddress(raw: string): string {
  const text = raw.normalize('NFKC').trim();
  const at = text.lastIndexOf('@');
  return at < 0 ? text : text.slice(0, at) + text.slice(at).toLowerCase();
}

/**
 * Checks one address. `ok`: the normalised address (kept and mailed) and its identity (compared);
 * else the field's message: 'Invalid email address' for the shape, or one of EMAIL_MESSAGES.
 */
export function checkEmailAddress(raw: string, decode: DomainDecoder | null = registeredDecoder): EmailCheck {
  // Spaces and line ends around the address are not part of it (a paste often carries them).
  if (INVISIBLE.test(raw.trim())) return { ok: false, problem: EMAIL_MESSAGES.invisibleCharacters };
  const address = normalizeEmailAddress(raw);
  if (INVISIBLE.test(address)) return { ok: false, problem: EMAIL_MESSAGES.invisibleCharacters };
  if (address.length > MAX_EMAIL_LENGTH || !SHAPE.test(address)) return { ok: false, problem: FIELD_MESSAGES.email };
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = decodeDomain(address.slice(at + 1), decode);
  if (domain === null) return { ok: false, problem: FIELD_MESSAGES.email };
  if (mixesScripts(local) || domain.split('.').some(mixesScripts)) return { ok: false, problem: EMAIL_MESSAGES.mixedScripts };
  return { ok: true, address, identity: `${local}@${domain}`.toLowerCase() };
}

/** The field's message for an address, or null when it is one. */
export function emailAddressProblem(raw: string): string | null {
  const check = checkEmailAddress(raw);
  return check.ok ? null : check.problem;
}

/**
 * The key two addresses are compared by (see the header): equal for `Alice@Example.com`,
 * `ａlice@example.com` and (on the server) an IDN domain and its punycode. An address the rule
 * refuses is its own lower-cased text, which no accepted address equals.
 */
export function emailIdentity(raw: string): string {
  const check = checkEmailAddress(raw);
  return check.ok ? check.identity : `invalid:${raw.trim().toLowerCase()}`;
}
