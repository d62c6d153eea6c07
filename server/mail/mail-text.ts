/**
 * A mail's plain-text part: the same blocks as its HTML (./mail-html.tsx), for clients that show
 * text only, for screen readers that prefer it and for spam filters, which trust a mail whose two
 * parts agree. Links are written out in full ("Reset your password: https://..."), since plain text
 * has no anchors.
 */
import type { MailBrand } from './mail-brand';
import type { MailBlock, MailDocument, MailLine } from './mail-document';

function lineText(line: MailLine): string {
  return [`${line.qty} x ${line.title}: ${line.total}`, ...(line.details.length ? [`  ${line.details.join(' · ')}`] : []), ...(line.note ? [`  Note: ${line.note}`] : [])].join('\n');
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'heading':
      return block.text;
    case 'rows':
      return block.rows.map((r) => `${r.label}: ${r.value}`).join('\n');
    case 'lines':
      return [block.lines.map(lineText).join('\n'), block.totals.map((r) => `${r.label}: ${r.value}`).join('\n')].join('\n\n');
    case 'address':
      return [`${block.title}:`, ...block.lines].join('\n');
    case 'action':
      return `${block.text}: ${block.href}`;
  }
}

export function mailText(doc: MailDocument, brand: MailBrand): string {
  const footer = [brand.storeName, ...brand.contactLines, ...(brand.storeUrl ? [brand.storeUrl] : [])].join('\n');
  return [brand.storeName, doc.heading, ...doc.blocks.map(blockText), `--\n${footer}`].join('\n\n') + '\n';
}
