/**
 * The downloadable estimate: A4, `estimate-MM-DD-YYYY.pdf`, dated, valid for 30 days,
 * the logo drawn 300x100, the answers without `hideInPDF` fields (estimateRows), the summary rows
 * and the three totals. jsPDF is imported only here and only when Print is pressed, so it is a chunk
 * of its own that neither the estimator's first load nor its size budget carries. Its ES build
 * compiles nothing at run time, so it works under a CSP without 'unsafe-eval'. Text streams are
 * left uncompressed: an estimate is a few kB either way, and its text stays searchable.
 */
import { estimateFileName, estimateRows, estimateValidUntil, formatEstimateDate } from '../../schemas/evaluators/estimate-document';
import type { EstimateSummary } from '../../schemas/evaluators/estimator-pricing';
import type { FormValues } from '../../schemas/evaluators/field-values';
import type { EstimatorTemplate } from '../../schemas/estimator/estimator-template.schema';
import type { FormField } from '../../schemas/forms/form-field.schema';

/** jsPDF could not be loaded ('PDF library not found'). */
export class PdfLibraryMissing extends Error {}

/** The default logo box, in CSS pixels. */
export const LOGO_SIZE = { width: 300, height: 100 } as const;
const PX_TO_PT = 0.75;

/** The logo as a PNG data URL of 300x100 (an SVG or any image the browser can draw); null when it cannot be read. */
async function logoPng(url: string): Promise<string | null> {
  try {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('logo'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = LOGO_SIZE.width;
    canvas.height = LOGO_SIZE.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    // Contain the image in the box, keeping its proportions.
    const scale = Math.min(LOGO_SIZE.width / (img.naturalWidth || LOGO_SIZE.width), LOGO_SIZE.height / (img.naturalHeight || LOGO_SIZE.height));
    const w = (img.naturalWidth || LOGO_SIZE.width) * scale;
    const h = (img.naturalHeight || LOGO_SIZE.height) * scale;
    ctx.drawImage(img, 0, 0, w, h);
    return canvas.toDataURL('image/png');
  } catch {
    // No logo (missing, or another origin's without CORS): the estimate is still useful without it.
    return null;
  }
}

export interface EstimatePdfInput {
  template: EstimatorTemplate;
  values: FormValues;
  summary: EstimateSummary;
  date: Date;
  /** Where the logo is read from; default the template's `pdf.logo` on this page's origin. */
  logoUrl?: string;
}

async function loadJsPdf() {
  try {
    return (await import('jspdf')).jsPDF;
  } catch {
    throw new PdfLibraryMissing('PDF library not found');
  }
}

/** Builds the estimate and starts its download; gives the file name. */
export async function downloadEstimatePdf(input: EstimatePdfInput): Promise<string> {
  const JsPdf = await loadJsPdf();
  const { template, values, summary, date } = input;
  const doc = new JsPdf({ format: 'a4', unit: 'pt', compress: false });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const margin = 48;
  let y = margin;
  const ensure = (needed: number) => {
    if (y + needed > height - margin) {
      doc.addPage();
      y = margin;
    }
  };
  const line = (text: string, opts: { size?: number; bold?: boolean; indent?: number; gap?: number } = {}) => {
    doc.setFont('helvetica', opts.bold ? 'bold' : 'normal');
    doc.setFontSize(opts.size ?? 11);
    const lines = doc.splitTextToSize(text, width - 2 * margin - (opts.indent ?? 0)) as string[];
    for (const l of lines) {
      ensure(16);
      doc.text(l, margin + (opts.indent ?? 0), y);
      y += (opts.size ?? 11) * 1.35;
    }
    y += opts.gap ?? 0;
  };

  const logoPath = template.pdf?.logo;
  if (logoPath) {
    const png = await logoPng(input.logoUrl ?? new URL(logoPath, document.baseURI).href);
    if (png) {
      doc.addImage(png, 'PNG', margin, y, LOGO_SIZE.width * PX_TO_PT, LOGO_SIZE.height * PX_TO_PT);
      y += LOGO_SIZE.height * PX_TO_PT + 12;
    }
  }
  line(template.pdf?.title ?? template.title ?? 'Estimate', { size: 18, bold: true, gap: 4 });
  line(`Date: ${formatEstimateDate(date)}`);
  line(`Valid until: ${formatEstimateDate(estimateValidUntil(date))}`, { gap: 10 });

  let section: string | undefined;
  for (const row of estimateRows(template.fields as FormField[], values, { forPdf: true })) {
    if (row.section !== section) {
      section = row.section;
      if (section) line(section, { size: 13, bold: true, gap: 2 });
    }
    line(`${row.label}: ${row.value}`, { indent: 12 });
  }
  y += 10;
  line(summary.title ?? 'Estimate', { size: 14, bold: true, gap: 2 });
  for (const b of summary.breakdowns) {
    line(b.label, { bold: true });
    for (const item of b.items) line(`${item.label}: ${item.display}`, { indent: 12 });
  }
  for (const total of [summary.productTotal, summary.laborTotal, summary.grandTotal]) if (total) line(`${total.label}: ${total.display}`, { bold: total === summary.grandTotal, size: total === summary.grandTotal ? 13 : 11 });
  if (summary.note) line(summary.note, { size: 9, gap: 4 });
  if (template.pdf?.footer) line(template.pdf.footer, { size: 9 });

  const name = estimateFileName(date);
  doc.save(name);
  return name;
}
