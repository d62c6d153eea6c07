/**
 * Lengths as a person types them, and back. Every length of the planner is a whole number of
 * sixteenths of an inch: a tape measure reads to 1/16″, cabinets are sold in whole and eighth inches,
 * and integers make sums, comparisons and the round trip exact (parse(format(x)) = x for every x).
 * The plan document stores inches as JSON numbers that are whole sixteenths (124.5, 36.0625), which
 * a double holds exactly, so the same arithmetic on inches is exact too. Centimetres and millimetres
 * are rounded to the nearest sixteenth (316 cm is 124 7/16″).
 *
 * Accepted: 10' 4 1/2" · 10′ 4½″ · 10'4" · 10' · 124.5 · 124 1/2 · 124" · 10ft 4in · 10 feet 4 inches
 * · 316 cm · 3160 mm · 3.16 m. A bare number is inches.
 */

export const SIXTEENTHS_PER_INCH = 16;
/** The longest length a plan holds: 100 feet. */
export const MAX_LENGTH_INCHES = 1200;

export type LengthResult = { sixteenths: number; error?: undefined } | { sixteenths?: undefined; error: string };

const VULGAR: Record<string, number> = { '½': 1 / 2, '¼': 1 / 4, '¾': 3 / 4, '⅛': 1 / 8, '⅜': 3 / 8, '⅝': 5 / 8, '⅞': 7 / 8, '⅙': 1 / 6, '⅓': 1 / 3, '⅔': 2 / 3 };

/** What a person may type, named in every message about a length. */
export const LENGTH_EXAMPLES = `10' 4 1/2", 124.5, 10ft 4in or 316 cm`;

function quoted(text: string): string {
  const t = text.trim();
  return `"${t.length > 40 ? `${t.slice(0, 40)}…` : t}"`;
}

export function notALength(text: string): string {
  return `${quoted(text)} is not a length: type it as ${LENGTH_EXAMPLES}.`;
}

export function tooLong(text: string): string {
  return `${quoted(text)} is longer than ${MAX_LENGTH_INCHES / 12} feet, the longest length a plan holds.`;
}

/** "4", "4.5", "4 1/2", "1/2", "4½": a number of units, or null. */
function amount(text: string): number | null {
  const t = text.trim().replace(/([0-9])([½¼¾⅛⅜⅝⅞⅙⅓⅔])/g, '$1 $2');
  const m = /^(?:(\d+(?:\.\d+)?|\.\d+)(?:[\s-]+(\d+)\/(\d+)|\s+([½¼¾⅛⅜⅝⅞⅙⅓⅔]))?|(\d+)\/(\d+)|([½¼¾⅛⅜⅝⅞⅙⅓⅔]))$/.exec(t);
  if (!m) return null;
  const fraction = (n?: string, d?: string) => (n !== undefined && d !== undefined ? (Number(d) === 0 ? NaN : Number(n) / Number(d)) : 0);
  if (m[1] !== undefined) return Number(m[1]) + fraction(m[2], m[3]) + (m[4] ? VULGAR[m[4]]! : 0);
  if (m[5] !== undefined) return fraction(m[5], m[6]);
  return VULGAR[m[7]!] ?? null;
}

const FEET = /^(.*?)\s*(?:'|′|ft\.?|feet|foot)\s*(.*)$/i;
const INCHES = /^(.*?)\s*(?:"|″|''|′′|in\.?|inch|inches)$/i;
const METRIC = /^(.*?)\s*(mm|cm|m)\.?$/i;

function inchesOf(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const metric = METRIC.exec(t);
  if (metric) {
    const n = amount(metric[1]!);
    if (n === null) return null;
    const unit = metric[2]!.toLowerCase();
    return (n * (unit === 'mm' ? 1 : unit === 'cm' ? 10 : 1000)) / 25.4;
  }
  const feet = FEET.exec(t);
  if (feet && !/^\s*$/.test(feet[1]!) && !feet[1]!.includes('"')) {
    const f = amount(feet[1]!);
    if (f === null) return null;
    const rest = feet[2]!.trim();
    if (rest === '') return f * 12;
    const inches = INCHES.exec(rest);
    const i = amount(inches ? inches[1]! : rest);
    return i === null ? null : f * 12 + i;
  }
  const inches = INCHES.exec(t);
  return amount(inches ? inches[1]! : t);
}

/** A typed length in sixteenths of an inch, rounded to the nearest; an error names what was typed. */
export function parseLength(text: string): LengthResult {
  if (typeof text !== 'string' || text.length > 60) return { error: notALength(String(text).slice(0, 60)) };
  const inches = inchesOf(text.replace(/\s+/g, ' '));
  if (inches === null || !Number.isFinite(inches)) return { error: notALength(text) };
  if (inches > MAX_LENGTH_INCHES) return { error: tooLong(text) };
  return { sixteenths: Math.round(inches * SIXTEENTHS_PER_INCH) };
}

/** Inches (a plan's number) as whole sixteenths. */
export function toSixteenths(inches: number): number {
  return Math.round(inches * SIXTEENTHS_PER_INCH);
}

export function toInches(sixteenths: number): number {
  return sixteenths / SIXTEENTHS_PER_INCH;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** "4 1/2", "1/16", "4", "0": whole inches and the reduced fraction of sixteenths. */
function inchesWords(sixteenths: number): string {
  const whole = Math.floor(sixteenths / 16);
  const rest = sixteenths % 16;
  if (rest === 0) return String(whole);
  const d = gcd(rest, 16);
  const fraction = `${rest / d}/${16 / d}`;
  return whole ? `${whole} ${fraction}` : fraction;
}

/** 1990 sixteenths as 10' 4 3/8"; under a foot as inches alone (4 1/2"). Negative lengths get a minus. */
export function formatFeetInches(sixteenths: number): string {
  const n = Math.round(sixteenths);
  if (n < 0) return `-${formatFeetInches(-n)}`;
  const feet = Math.floor(n / (12 * 16));
  const rest = n - feet * 12 * 16;
  return feet ? `${feet}' ${inchesWords(rest)}"` : `${inchesWords(rest)}"`;
}

/** 1992 sixteenths as 124 1/2" (a run's length in the text list). */
export function formatInches(sixteenths: number): string {
  const n = Math.round(sixteenths);
  return n < 0 ? `-${inchesWords(-n)}"` : `${inchesWords(n)}"`;
}

/** A plan's inches (a number) in feet and inches. */
export function feetInches(inches: number): string {
  return formatFeetInches(toSixteenths(inches));
}
