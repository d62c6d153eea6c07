import type { RichTextBlock } from '../../schemas/blocks/rich-text.schema';
import { sanitizeRichText } from '../text/rich-text-html';

/**
 * Formatted text written by an operator as HTML, sanitised here, on the server, as the page is
 * rendered (renderer/text/rich-text-html.ts). A static block: no island, no JavaScript.
 */
export function RichText({ block }: { block: RichTextBlock }) {
  return <section className="rich-text" id={block.id} dangerouslySetInnerHTML={{ __html: sanitizeRichText(block.html) }} />;
}
