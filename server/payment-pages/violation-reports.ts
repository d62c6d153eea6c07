/**
 * The policy violations browsers report from the payment pages: read from either format browsers
 * send (report-uri's `application/csp-report`, the Reporting API's `application/reports+json`, and
 * its `integrity-violation` reports, which the island bootstrap also sends for a first-party module
 * that failed its SHA-384), reduced to a kind (what was blocked, by which directive, on which
 * page), and counted per kind.
 *
 * The endpoint is public by nature (a browser sends reports without credentials), so what it may
 * store is bounded whatever a caller sends, and what one caller sends cannot silence another's:
 *
 * - a report that does not come from a payment page of this store is dropped; each kind is one row
 *   whose count grows; the sample kept is a few trimmed fields, without query strings (the quote
 *   link's token is in its page's address);
 * - each client (its address) may add NEW_KINDS_PER_CLIENT_PER_HOUR new kinds an hour; past that,
 *   its new kinds count together in the overflow row. MAX_KINDS is only the disk's guard, far above
 *   what a few clients can reach;
 * - a new kind is mailed to the admins at once while its client has e-mails left
 *   (ALERTS_PER_CLIENT_PER_HOUR); past that it goes into the digest, one e-mail that gathers every
 *   such kind for DIGEST_DELAY_MS and then leaves, so a flood costs the admins a few digests an hour
 *   and never hides a new kind another client reports. A kind already mailed is mailed again only
 *   if it recurs an hour or more after its last mail (the budget per kind: page, directive and the
 *   blocked origin or file).
 *
 * The budgets are counted in the database's shared limits (../services/shared-limits.ts), so every
 * server of a store spends the same ones.
 */
import type { Queries } from '../db/queries';
import type { MailConfig } from '../mail/mail-config';
import { enqueueMail } from '../mail/outbox';
import { DIGEST_ROWS, renderViolationAlert, renderViolationDigest } from './payment-page-mail';

/** Reports read from one request; a browser batches a few. */
export const MAX_REPORTS_PER_REQUEST = 20;
/** Kinds kept one by one, all clients together: the disk's guard only (a client's own budget is NEW_KINDS_PER_CLIENT_PER_HOUR). */
export const MAX_KINDS = 1000;
/** New kinds one client may add in an hour; past it, its new kinds count in the overflow row. */
export const NEW_KINDS_PER_CLIENT_PER_HOUR = 20;
/** New kinds one client's reports may mail at once in an hour; past it, they go into the digest. */
export const ALERTS_PER_CLIENT_PER_HOUR = 3;
/** How long the digest gathers kinds before it leaves. */
export const DIGEST_DELAY_MS = 10 * 60 * 1000;
const DIGEST_KEY = 'payment-page-violation-digest:';
const HOUR_MS = 60 * 60 * 1000;
const OVERFLOW_KEY = 'overflow';

export type ViolationType = 'csp' | 'integrity';

/** One report as it is counted: its kind and the trimmed sample kept with the kind. */
export interface Violation {
  type: ViolationType;
  /** The payment page's path. */
  page: string;
  directive: string;
  blocked: string;
  sample: ViolationSample;
}

export interface ViolationSample {
  documentURL: string;
  blockedURL: string;
  effectiveDirective: string;
  sourceFile?: string;
  lineNumber?: number;
  columnNumber?: number;
  disposition?: string;
  userAgent?: string;
}

/** Where reports may come from: the store's origins and the paths of its payment pages. */
export interface ReportSources {
  isStoreOrigin(origin: string): boolean;
  isPaymentPage(path: string): boolean;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max: number): string => (typeof v === 'string' ? v.slice(0, max) : '');
const count = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1e7 ? v : undefined);

/** A URL without its query and fragment (a token must not be stored), or undefined when it is not one. */
function withoutQuery(raw: string): URL | undefined {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    url.search = '';
    url.hash = '';
    url.username = '';
    url.password = '';
    return url;
  } catch {
    return undefined;
  }
}

/** The report-uri body and the Reporting API body, in one shape (the Reporting API's names). */
function fieldsOf(raw: Json): { type: ViolationType; body: Json } | null {
  if (isObject(raw['csp-report'])) {
    const r = raw['csp-report'];
    return {
      type: 'csp',
      body: {
        documentURL: r['document-uri'],
        blockedURL: r['blocked-uri'],
        effectiveDirective: r['effective-directive'] ?? (typeof r['violated-directive'] === 'string' ? r['violated-directive'].split(' ')[0] : undefined),
        sourceFile: r['source-file'],
        lineNumber: r['line-number'],
        columnNumber: r['column-number'],
        disposition: r.disposition,
      },
    };
  }
  if (!isObject(raw.body)) return null;
  if (raw.type === 'csp-violation') return { type: 'csp', body: { ...raw.body, userAgent: raw.user_agent } };
  if (raw.type === 'integrity-violation') return { type: 'integrity', body: { ...raw.body, effectiveDirective: 'integrity', disposition: raw.body.reportOnly === true ? 'report' : 'enforce', userAgent: raw.user_agent } };
  return null;
}

/** What was blocked, as a kind names it: inline, eval..., a path of the store, or an origin elsewhere. */
function blockedOf(raw: string, sources: ReportSources): string {
  if (/^[a-z-]{2,40}$/.test(raw)) return raw; // inline, eval, wasm-eval, trusted-types-sink ...
  const url = withoutQuery(raw);
  if (!url) return 'unknown';
  return sources.isStoreOrigin(url.origin) ? url.pathname.slice(0, 200) : url.origin.slice(0, 200);
}

/**
 * The violations of a request's body, at most MAX_REPORTS_PER_REQUEST; anything that is not a
 * report of a payment page of this store is left out.
 */
export function readViolations(body: unknown, sources: ReportSources): Violation[] {
  const raws = Array.isArray(body) ? body : [body];
  const out: Violation[] = [];
  for (const raw of raws.slice(0, MAX_REPORTS_PER_REQUEST)) {
    if (!isObject(raw)) continue;
    const fields = fieldsOf(raw);
    if (!fields) continue;
    const { body: b } = fields;
    const documentUrl = withoutQuery(text(b.documentURL, 2000));
    if (!documentUrl || !sources.isStoreOrigin(documentUrl.origin) || !sources.isPaymentPage(documentUrl.pathname)) continue;
    const directive = /^[a-z-]{1,40}$/.test(text(b.effectiveDirective, 41)) ? text(b.effectiveDirective, 40) : 'unknown';
    const blockedRaw = text(b.blockedURL, 2000);
    const blocked = blockedOf(blockedRaw, sources);
    const sourceFile = withoutQuery(text(b.sourceFile, 2000));
    const blockedUrl = withoutQuery(blockedRaw);
    const sample: ViolationSample = {
      documentURL: documentUrl.href,
      blockedURL: blockedUrl ? blockedUrl.href.slice(0, 300) : blocked,
      effectiveDirective: directive,
      ...(sourceFile ? { sourceFile: sourceFile.href.slice(0, 300) } : {}),
      ...(count(b.lineNumber) !== undefined ? { lineNumber: count(b.lineNumber) } : {}),
      ...(count(b.columnNumber) !== undefined ? { columnNumber: count(b.columnNumber) } : {}),
      ...(text(b.disposition, 20) ? { disposition: text(b.disposition, 20) } : {}),
      ...(text(b.userAgent, 200) ? { userAgent: text(b.userAgent, 200) } : {}),
    };
    out.push({ type: fields.type, page: documentUrl.pathname.slice(0, 200), directive, blocked, sample });
  }
  return out;
}

export function kindKey(v: Pick<Violation, 'type' | 'page' | 'directive' | 'blocked'>): string {
  return [v.type, v.page, v.directive, v.blocked].join('|');
}

/** What a client may still spend (the route counts them in the shared limits); without them, no limit. */
export interface ViolationBudgets {
  /** Counts a new kind of the client's; false past NEW_KINDS_PER_CLIENT_PER_HOUR. */
  newKind(client: string): Promise<boolean>;
  /** Counts an immediate e-mail of the client's reports; false past ALERTS_PER_CLIENT_PER_HOUR. */
  alert(client: string): Promise<boolean>;
}

export interface RecordDeps {
  q: Queries;
  mail: MailConfig;
  /** The store's address, for the studio link in the e-mail. */
  publicUrl: string;
  now?: () => Date;
  /** The reporting client's address, whose budgets are spent. */
  client?: string;
  budgets?: ViolationBudgets;
  /** The disk's guard (MAX_KINDS unless a test sets a smaller one). */
  maxKinds?: number;
}

const unlimited: ViolationBudgets = { newKind: async () => true, alert: async () => true };

/**
 * Puts a kind into the digest: the one waiting to leave (not yet due, so no sender has claimed it),
 * else a new one that leaves DIGEST_DELAY_MS from now. The digest is rendered again from its kinds
 * (those whose mailed_at is the digest's moment), so it names every kind it holds.
 */
async function addToDigest(tx: Queries, deps: RecordDeps, kindId: number, now: Date): Promise<number> {
  await tx.lockKey('payment-page-violation:digest');
  const at = now.toISOString();
  const waiting = await tx.first(
    tx.db.selectFrom('mail_outbox').select(['id', 'dedupe_key', 'next_attempt_at']).where('dedupe_key', 'like', `${DIGEST_KEY}%`).where('status', '=', 'pending').where('next_attempt_at', '>', at).orderBy('id', 'desc'),
  );
  // The digest's moment, written with +00:00 where an e-mail's own is written with Z: the same instant
  // for the hourly rule (Date.parse), never the same text, so the digest's kinds are only its own.
  const digestAt = waiting ? waiting.dedupe_key!.slice(DIGEST_KEY.length) : at.replace(/Z$/, '+00:00');
  await tx.run(tx.db.updateTable('payment_page_violation').set({ mailed_at: digestAt }).where('id', '=', kindId));
  const kinds = await tx.all(tx.db.selectFrom('payment_page_violation').select(['type', 'page', 'blocked']).where('mailed_at', '=', digestAt).orderBy('id').limit(DIGEST_ROWS));
  const total = Number((await tx.first(tx.db.selectFrom('payment_page_violation').select((eb) => eb.fn.countAll<number>().as('n')).where('mailed_at', '=', digestAt)))?.n ?? 0);
  const rendered = renderViolationDigest({ kinds, total, studioUrl: `${deps.publicUrl.replace(/\/$/, '')}/studio/payment-pages` });
  if (waiting) {
    // Still not due, so no sender holds it: the new text replaces the old.
    await tx.run(tx.db.updateTable('mail_outbox').set({ subject: rendered.subject, html: rendered.html, text: rendered.text }).where('id', '=', waiting.id).where('next_attempt_at', '=', waiting.next_attempt_at));
    return 0;
  }
  const [admin, ...cc] = deps.mail.adminEmails;
  await enqueueMail(tx, { type: 'payment-page-violation', orderId: null, recipient: admin!, cc, dedupeKey: `${DIGEST_KEY}${digestAt}`, ...rendered });
  await tx.run(tx.db.updateTable('mail_outbox').set({ next_attempt_at: new Date(now.getTime() + DIGEST_DELAY_MS).toISOString() }).where('dedupe_key', '=', `${DIGEST_KEY}${digestAt}`));
  return 1;
}

/**
 * Counts each violation in its kind's row (made on first sight, or the overflow row past MAX_KINDS)
 * and mails the admins when the rules at the top of this file allow; answers how many mails were
 * queued. Each kind is decided under its own lock, so two servers count it once each and mail it once.
 */
export async function recordViolations(deps: RecordDeps, violations: readonly Violation[]): Promise<{ mailed: number }> {
  let mailed = 0;
  const budgets = deps.budgets ?? unlimited;
  const client = deps.client ?? 'unknown';
  for (const v of violations) {
    // Spent before the transaction (the shared limits have their own connection); a kind already
    // known costs nothing, so only a report that may be new asks.
    const known = await deps.q.first(deps.q.db.selectFrom('payment_page_violation').select('id').where('kind_key', '=', kindKey(v)));
    const mayAdd = known ? true : await budgets.newKind(client);
    const now = (deps.now ?? (() => new Date()))();
    const at = now.toISOString();
    mailed += await deps.q.transaction(async (tx) => {
      let key = kindKey(v);
      await tx.lockKey(`payment-page-violation:${key}`);
      let row = await tx.first(tx.db.selectFrom('payment_page_violation').selectAll().where('kind_key', '=', key));
      if (!row) {
        // One new kind at a time across servers, so the cap holds.
        await tx.lockKey('payment-page-violation:kinds');
        const kinds = (await tx.first(tx.db.selectFrom('payment_page_violation').select((eb) => eb.fn.countAll<number>().as('n'))))?.n ?? 0;
        const overflow = !mayAdd || Number(kinds) >= (deps.maxKinds ?? MAX_KINDS);
        if (overflow) {
          key = OVERFLOW_KEY;
          row = await tx.first(tx.db.selectFrom('payment_page_violation').selectAll().where('kind_key', '=', key));
        }
        if (!row) {
          const fields = overflow ? { type: 'overflow' as const, page: '*', directive: '*', blocked: 'kinds past the budgets' } : { type: v.type, page: v.page, directive: v.directive, blocked: v.blocked };
          await tx.insert('payment_page_violation', { kind_key: key, ...fields, count: 0, first_seen_at: at, last_seen_at: at, sample: JSON.stringify(v.sample), mailed_at: null });
          row = (await tx.first(tx.db.selectFrom('payment_page_violation').selectAll().where('kind_key', '=', key)))!;
        }
      }
      const total = row.count + 1;
      await tx.run(tx.db.updateTable('payment_page_violation').set({ count: total, last_seen_at: at }).where('id', '=', row.id));
      const due = row.mailed_at === null || now.getTime() - Date.parse(row.mailed_at) >= HOUR_MS;
      if (!due || deps.mail.adminEmails.length === 0) return 0;
      // A new kind past its client's e-mails goes into the digest; a known one waits for its next hour.
      if (!(await budgets.alert(client))) return row.mailed_at === null && row.type !== 'overflow' ? addToDigest(tx, deps, row.id, now) : 0;
      await tx.run(tx.db.updateTable('payment_page_violation').set({ mailed_at: at, count_at_mail: total }).where('id', '=', row.id));
      const [admin, ...cc] = deps.mail.adminEmails;
      const rendered = renderViolationAlert({ ...row, count: total, firstTime: row.mailed_at === null, sinceLastMail: total - row.count_at_mail, studioUrl: `${deps.publicUrl.replace(/\/$/, '')}/studio/payment-pages` });
      await enqueueMail(tx, { type: 'payment-page-violation', orderId: null, recipient: admin!, cc, dedupeKey: `payment-page-violation:${row.id}:${at}`, ...rendered });
      return 1;
    });
  }
  return { mailed };
}
