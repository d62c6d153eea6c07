/**
 * A plan's size in bytes and its nesting, checked on the text before it is parsed, so a plan from a
 * link, a browser or a dealer's page that is too big or too deep costs nothing to refuse. The counts
 * of walls, openings and cabinets are the schema's maxItems (kitchen-plan.schema.ts PLAN_LIMITS).
 */
import { PLAN_LIMITS } from './kitchen-plan.schema';

export const PLAN_TOO_LARGE = `A kitchen plan is at most ${PLAN_LIMITS.bytes / 1024} kB.`;
export const PLAN_TOO_DEEP = `A kitchen plan nests lists and groups at most ${PLAN_LIMITS.nesting} deep.`;

/** UTF-8 bytes of a text, without a TextEncoder (not every runtime the schemas run in has one). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The deepest nesting of [ and { outside strings. */
export function jsonNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return deepest;
}

/** The limit a plan's text breaks, in words, or null. */
export function planTextLimit(text: string): string | null {
  if (text.length > PLAN_LIMITS.bytes || utf8Bytes(text) > PLAN_LIMITS.bytes) return PLAN_TOO_LARGE;
  if (jsonNesting(text) > PLAN_LIMITS.nesting) return PLAN_TOO_DEEP;
  return null;
}
