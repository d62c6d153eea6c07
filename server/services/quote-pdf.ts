/**
 * A quote as a PDF, drawn by the server with jsPDF from the quote as the customer's view holds it
 * (QuoteService.view): its lines in the words of every page (schemas/evaluators/quote-lines.ts),
 * grouped by room or wall, and the totals' rows, which add up to the total. A draft prints as an
 * estimate. Text streams are left uncompressed: a quote is a few kB either way, and stays searchable.
 */
import { jsPDF } from 'jspdf';
import { groupLines, lineWords, totalsRows, type LineItem } from '../../schemas/evaluators/quote-lines';
import type { QuoteService } from './quote-service';

type QuoteView = ReturnType<typeof QuoteService.view>;

export interface QuotePdfInput {
  view: QuoteView;
  storeName: string;
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
  write(`${input.draft ? 'Estimate' : 'Quote'} ${view.quoteIncrementId}`, { size: 18, bold: true, gap: 2 });
  write(`Date: ${view.createdAt.slice(0, 10)}${view.poNumber ? ` · PO ${view.poNumber}` : ''}`);
  write(`For: ${`${view.firstName} ${view.lastName}`.trim()}${view.email ? ` <${view.email}>` : ''}`, { gap: 10 });

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
  return Buffer.from(doc.output('arraybuffer'));
}
