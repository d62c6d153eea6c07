/**
 * The formatted-text editor's document model (TipTap on ProseMirror), cut to what a rich-text
 * block keeps (schemas/blocks/rich-text-policy.ts): paragraphs, headings h2-h4, bold, italic, links
 * with an allowed href, bulleted and numbered lists, line breaks. ProseMirror parses whatever
 * arrives (typed, pasted from Word or Google Docs, the stored HTML) into this schema alone, so
 * nothing else can get in: a span's colour, a table, an image or a script has no node to become and
 * only its text stays. getHTML() writes the same subset back.
 */
import type { Extensions } from '@tiptap/core';
import Link from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';
import { richTextHrefAllowed } from '../../../schemas/blocks/rich-text-policy';

/** A link keeps its href only: a pasted target, class, rel or title has no place in the subset. */
const HrefOnlyLink = Link.extend({
  addAttributes() {
    return { href: { default: null, parseHTML: (element: HTMLElement) => element.getAttribute('href') } };
  },
});

export const HEADING_LEVELS = [2, 3, 4] as const;

export function formattedTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [...HEADING_LEVELS] },
      blockquote: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      // An empty paragraph after every last heading or list would be stored as <p></p>.
      trailingNode: false,
      link: false,
    }),
    HrefOnlyLink.configure({
      // The link extension's own defaults (target="_blank", rel="noopener noreferrer nofollow"): none are kept.
      HTMLAttributes: { target: null, rel: null, class: null },
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      isAllowedUri: (url) => richTextHrefAllowed(url),
      shouldAutoLink: (url) => /^https?:\/\//i.test(url) || /^[\w-]+(\.[\w-]+)+/.test(url),
    }),
  ];
}

/**
 * Pasted HTML with its headings moved into the levels a block has: a document's title (h1, Word's
 * "Heading 1", Google Docs' "Title") becomes the block's heading (h2), h5 and h6 its smallest (h4),
 * rather than plain paragraphs.
 */
export function pastedHtml(html: string): string {
  return html.replace(/<(\/?)h1\b/gi, '<$1h2').replace(/<(\/?)h[56]\b/gi, '<$1h4');
}

/** The editor's HTML as it is stored: an editor left empty is no text at all, not "<p></p>". */
export function storedHtml(html: string): string {
  return /^(?:<p><\/p>)*$/.test(html) ? '' : html;
}
