/**
 * A quote as a PDF, drawn by the server with jsPDF from the quote as the customer's view holds it
 * (QuoteService.view): its lines in the words of every page (schemas/evaluators/quote-lines.ts),
 * grouped by room or wall, and the totals' rows, which add up to the total. A draft prints as an
 * estimate. Text streams are left uncompressed: a quote is a few kB either way, and stays searchable.
 *
 * Its head is what a customer needs to act on it away from the screen: the store's address and how
 * to reach it, the customer's billing and shipping addresses, until when the quote is valid (its
 * link's expiry), and the payment link. The store keeps only the link token's hash, so the full link
 * is printed only when the caller shows its token (the studio has it the moment it issues a link);
 * otherwise the PDF says where the link was sent.
 */
import { jsPDF } from 'jspdf';
import { groupLines, lineWords, totalsRows, type LineItem } from '../../schemas/evaluators/quote-lines';
import type { ContactDetails } from '../../schemas/site-settings.schema';
import { DEFAULT_LINK_DAYS, type QuoteService } from './quote-service';

type QuoteView = ReturnType<typeof QuoteService.view>;

export interface QuotePdfInput {
  view: QuoteView;
  storeName: string;
  /** site.json's contact details: the store's address, phone and e-mail. */
  contact?: ContactDetails;
  /** The full payment link, when the caller showed its token. */
  paymentLink?: string | null;
  /** A draft: titled Estimate, not Quote. */
  draft: boolean;
}

/** quote-Q100001.pdf */
export function quotePdfName(view: Pick<QuoteView, 'quoteIncrementId'>, draft = false): string {
  return `${draft ? 'estimate' : 'quote'}-${view.quoteIncrementId.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

/** Characters the PDF's standard fonts lack, as the nearest they have. */
function printable(text: string): string {
  return text.replace(/[—–]/g, '-').replace(/[″“”]/g, '"').replace(/[‘’]/g, "'").replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

/** The store's address, phone and e-mail, a line each. */
function storeLines(contact: ContactDetails | undefined): string[] {
  if (!contact) return [];
  const a = contact.address;
  return [
    ...(a ? [[a.street, a.street2].filter(Boolean).join(', '), `${a.city}, ${a.state} ${a.zipCode}`] : []),
    [contact.phone, contact.email].filter(Boolean).join(' · '),
  ].filter((line) => line.trim() !== '');
}

/** Until when the quote holds: its link's expiry; a draft, an estimate, holds nothing yet. */
function validity(view: QuoteView, draft: boolean): string {
  if (draft) return 'An estimate: prices are confirmed when the quote is sent.';
  if (!view.expiresAt) return `Valid for ${DEFAULT_LINK_DAYS} days from its payment link.`;
  return `Valid until ${new Date(view.expiresAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`;
}

interface StoredAddress {
  type?: string;
  firstName?: string;
  lastName?: string;
  street1?: string;
  street2?: string | null;
  city?: string;
  state?: string;
  zipCode?: string;
}

/** The customer's billing and shipping addresses, one line each; the shipping one only where it differs. */
function addressBlocks(view: QuoteView): { title: string; text: string }[] {
  const words = (a: StoredAddress) => [`${a.firstName ?? ''} ${a.lastName ?? ''}`.trim(), a.street1, a.street2, [a.city, [a.state, a.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter((p) => p && p.trim()).join(', ');
  const addresses = view.addresses as StoredAddress[];
  const billing = addresses.find((a) => a.type === 'billing');
  const shipping = addresses.find((a) => a.type === 'shipping');
  const blocks: { title: string; text: string }[] = [];
  if (billing && words(billing)) blocks.push({ title: 'Billing address', text: words(billing) });
  if (shipping && words(shipping) && words(shipping) !== words(billing ?? {})) blocks.push({ title: 'Ship to', text: words(shipping) });
  else if (billing && words(billing)) blocks[0] = { title: 'Billing and shipping address', text: words(billing) };
  return blocks;
}

export function renderQuotePdf(input: QuotePdfInput): Buffer {
  const { view } = input;
  const doc = new jsPDF({ format: 'letter', unit: 'pt', compress: false });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const margin = 48;
  const right = width - margin;
  let y = margin;
  const ensure = (needed: number) => {
    if (y + needed > height - margin) {
      doc.addPage();
      y = margin;
    }
  };
  const write = (text: string, opts: { size?: number; bold?: boolean; indent?: number; width?: number; gap?: number } = {}) => {
    const size = opts.size ?? 10;
    doc.setFont('helvetica', opts.bold ? 'bold' : 'normal');
    doc.setFontSize(size);
    for (const l of doc.splitTextToSize(printable(text), opts.width ?? right - margin - (opts.indent ?? 0)) as string[]) {
      ensure(size * 1.4);
      doc.text(l, margin + (opts.indent ?? 0), y);
      y += size * 1.4;
    }
    y += opts.gap ?? 0;
  };
  /** A label on the left, an amount on the right, on one line. */
  const amountRow = (label: string, amount: string, bold = false) => {
    doc.setFont('helvetica', bold ? 'bold' : 'normal');
    doc.setFontSize(bold ? 12 : 10);
    ensure(16);
    doc.text(printable(label), right - 220, y);
    doc.text(amount, right, y, { align: 'right' });
    y += bold ? 18 : 14;
  };

  write(input.storeName, { size: 11, bold: true });
  for (const line of storeLines(input.contact)) write(line, { size: 9 });
  y += 6;
  write(`${input.draft ? 'Estimate' : 'Quote'} ${view.quoteIncrementId}`, { size: 18, bold: true, gap: 2 });
  write(`Date: ${view.createdAt.slice(0, 10)}${view.poNumber ? ` · PO ${view.poNumber}` : ''}`);
  write(validity(view, input.draft));
  write(`For: ${`${view.firstName} ${view.lastName}`.trim()}${view.email ? ` <${view.email}>` : ''}${view.phone ? `, ${view.phone}` : ''}`);
  for (const a of addressBlocks(view)) write(`${a.title}: ${a.text}`);
  y += 10;

  const items = view.items as unknown as LineItem[];
  for (const group of groupLines(items)) {
    if (group.group) write(group.group, { size: 12, bold: true, gap: 2 });
    for (const item of group.items) {
      const w = lineWords(item);
      ensure(48);
      const top = y;
      write(`${w.code}  ${w.description}`, { bold: true, width: right - margin - 110 });
      for (const detail of w.details) write(detail, { indent: 12, width: right - margin - 122 });
      write(`${w.quantity} × ${w.unitPrice}`, { indent: 12 });
      if (w.notes) write(`Note: ${w.notes}`, { indent: 12 });
      doc.setFont('helvetica', 'bold');
      doc.setFontSize(10);
      doc.text(w.total, right, top, { align: 'right' });
      y += 6;
    }
  }
  y += 6;
  const rows = totalsRows({ subtotal: view.subtotal, discount: view.discountAmount, shipping: view.shippingAmount, shippingLabel: view.shippingLabel, tax: view.taxAmount, shippingTax: view.shippingTaxAmount, taxPercent: view.taxPercent, total: view.total });
  for (const row of rows) amountRow(row.label, row.display, row.key === 'total');
  if (view.additionalNotes) {
    y += 8;
    write(`Notes: ${view.additionalNotes}`);
  }
  if (!input.draft) {
    y += 8;
    if (input.paymentLink) {
      write('Pay online, by card or in parts where the quote allows, at:', { bold: true });
      // Small enough that a link fits one line, so it can be typed or clicked whole.
      const top = y;
      write(input.paymentLink, { size: 8 });
      doc.link(margin, top - 8, right - margin, y - top, { url: input.paymentLink });
    }
    else if (view.expiresAt) write(`Pay online from the payment link e-mailed to ${view.email}.`, { bold: true });
    else write('The payment link has not been issued yet: the store sends it by e-mail.', { bold: true });
  }
  return Buffer.from(doc.output('arraybuffer'));
}
