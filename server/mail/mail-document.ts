/**
 * What an e-mail says, as blocks, before it is written out: once as HTML (./mail-html.tsx, React
 * Email's components) and once as plain text (./mail-text.ts). Templates build a MailDocument and
 * never write markup, so the two parts of every mail always say the same thing.
 */

/** A line of an order or a quote, as the customer reads it (./order-line.ts makes it). */
export interface MailLine {
  /** The product, e.g. "Hartford Shaker - Sage Green door sample". */
  title: string;
  /** What sets it apart: its code, finish, options. */
  details: string[];
  /** The customer's or the seller's note on the line. */
  note: string;
  /** How many, in the line's unit: "1", "42 sq ft", "3 cabinets". */
  qty: string;
  /** The line's total, formatted ("$1,250.00"). */
  total: string;
}

export interface MailRow {
  label: string;
  value: string;
}

export type MailBlock =
  | { kind: 'paragraph'; text: string; muted?: boolean }
  | { kind: 'heading'; text: string }
  /** Label and value pairs: a payment's figures, a form's answers. */
  | { kind: 'rows'; rows: MailRow[] }
  /** The lines of an order, then its totals (the last one stands out). */
  | { kind: 'lines'; lines: MailLine[]; totals: MailRow[] }
  /** A postal address under its title. */
  | { kind: 'address'; title: string; lines: string[] }
  /** The one thing to do: a button in HTML, "text: URL" in plain text. */
  | { kind: 'action'; text: string; href: string };

export interface MailDocument {
  subject: string;
  /** The first line a mail client shows in the list, before the mail is opened. */
  preview: string;
  heading: string;
  blocks: MailBlock[];
}

/** A mail as the outbox stores it. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
