/**
 * The HTML of a rich-text block, made safe when the server renders the page: sanitize-html with the
 * block's policy (schemas/blocks/rich-text-policy.ts). The block is static, so this runs in the SSR
 * bundle only and never reaches a browser bundle.
 */
import sanitizeHtml from 'sanitize-html';
import { richTextSanitizeOptions } from '../../schemas/blocks/rich-text-policy';

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, richTextSanitizeOptions).trim();
}
