/**
 * Erasing a newsletter subscriber (schemas/api/back-office-leads.ts): what the erasure takes, what it
 * leaves, and the erasure itself, in one transaction.
 *
 * Always erased with the address: its consent records; the newsletter's mails to it in the outbox
 * (pending ones would still go out; sent ones keep the address and a link) and their entries in the
 * recipient cap's log (../mail/recipient-cap.ts); the submissions of the newsletter forms (a form
 * whose action is to subscribe) that carry the address, with their uploads and the mails about them
 * (the admins' notification, which quotes the answers, and the visitor's confirmation).
 *
 * Erased only when the admin asks: the address's other leads (a contact form, a design request),
 * with their uploads and mails. They are the seller's business records as much as the visitor's, so
 * the studio shows them first and lets the admin decide.
 *
 * Never erased here, and said so: orders and quotes (the store's accounts and tax records keep
 * them), a customer account (closed by its owner or through the account's own tools), and the mails
 * about those. The audit log never held the address.
 *
 * A submission carries the address when one of its answers is that address (compared as addresses
 * are: see emailIdentity); a LIKE on the stored JSON finds the candidates first.
 */
import { sql } from 'kysely';
import { emailIdentity } from '../../schemas/evaluators/email-address';
import type { Queries } from '../db/queries';
import { recipientKey } from '../mail/recipient-cap';
import type { UploadStore } from '../services/upload-store';
import { containsPattern } from './lead-queries';

/** The mails the newsletter sends an address: its confirmation links. */
const NEWSLETTER_MAIL_TYPES = ['newsletter-confirmation'] as const;
/** The mails about one submission, by their outbox key (../services/form-submissions.ts). */
const SUBMISSION_MAIL_KEYS = (id: number) => [`form-notification:${id}`, `form-confirmation:${id}`];

/** Which forms subscribe (the newsletter's), and what the studio calls a form. */
export interface FormNames {
  isNewsletterForm(name: string): boolean;
  titleOf(name: string): string;
}

export interface LeadOfAddress {
  id: number;
  form: string;
  formTitle: string;
  created: string;
}

/** What stays after an erasure, whatever the admin chose. */
export interface ErasureRemains {
  orders: number;
  quotes: number;
  account: boolean;
  /** Mails to the address in the outbox about none of its leads: an order's, an account's. */
  mails: number;
}

export interface ErasurePlan {
  id: number;
  email: string;
  consents: number;
  newsletterMails: number;
  newsletterLeads: LeadOfAddress[];
  otherLeads: LeadOfAddress[];
  remains: ErasureRemains;
}

export interface Erased {
  id: number;
  consents: number;
  mails: number;
  leads: number;
  otherLeads: number;
  notifications: number;
  files: number;
  /** The other leads left (when not asked to erase them) and what is never erased here. */
  remains: ErasureRemains & { leads: number };
}

/** Does one of these answers hold the address? */
function holdsAddress(data: string, email: string): boolean {
  let answers: unknown;
  try {
    answers = JSON.parse(data);
  } catch {
    return false;
  }
  if (!answers || typeof answers !== 'object') return false;
  return Object.values(answers).some((v) => typeof v === 'string' && v.includes('@') && emailIdentity(v) === email);
}

/** Every submission (submitted or between steps) with the address among its answers, oldest first. */
async function leadsOf(q: Queries, email: string, names: FormNames): Promise<{ newsletter: LeadOfAddress[]; other: LeadOfAddress[] }> {
  // The local part finds every spelling of the domain (upper case, punycode); holdsAddress decides.
  const local = email.slice(0, email.lastIndexOf('@') + 1);
  const candidates = await q.all(
    q.db
      .selectFrom('form_submission')
      .select(['id', 'form_name', 'data', 'created_at'])
      .where(sql<boolean>`lower(${sql.ref('data')}) like ${containsPattern(local)} escape '\\'`)
      .orderBy('id'),
  );
  const newsletter: LeadOfAddress[] = [];
  const other: LeadOfAddress[] = [];
  for (const row of candidates) {
    if (!holdsAddress(row.data, email)) continue;
    const lead = { id: Number(row.id), form: row.form_name, formTitle: names.titleOf(row.form_name), created: row.created_at };
    (names.isNewsletterForm(row.form_name) ? newsletter : other).push(lead);
  }
  return { newsletter, other };
}

/**
 * A LIKE pattern that finds every spelling of the address's local part: lower-cased, with each
 * character outside ASCII left to `_` (SQLite's lower() and LIKE fold ASCII only, so "Åsa" would
 * miss "åsa"). The candidates it finds are then compared by their identity in JS.
 */
function localPartPattern(email: string): string {
  const local = email.slice(0, email.lastIndexOf('@') + 1);
  return `%${local.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`).replace(/[^\x00-\x7f]/gu, '_')}%`;
}

/**
 * The ids of rows whose address column is this address in any spelling: case, Unicode or punycode
 * domain (the subscriber's address is its identity; an order or a mail keeps the address as typed,
 * so an equality on lower() said "no mails remain" while two did).
 */
async function idsByAddress(q: Queries, table: 'mail_outbox' | 'sales_order' | 'quote', column: 'recipient' | 'email', email: string): Promise<number[]> {
  const candidates = await q.all(
    q.db
      .selectFrom(table)
      .select(['id', sql<string>`${sql.ref(column)}`.as('address')])
      .where(sql<boolean>`lower(${sql.ref(column)}) like ${localPartPattern(email)} escape '\\'`),
  );
  return candidates.filter((row) => typeof row.address === 'string' && emailIdentity(row.address) === email).map((row) => Number(row.id));
}

/** The outbox's mails to the address (any spelling of it), by id. */
function mailsTo(q: Queries, email: string): Promise<number[]> {
  return idsByAddress(q, 'mail_outbox', 'recipient', email);
}

/** How many of these mails are of these types or have these keys. */
async function countMails(q: Queries, ids: number[], where: { types?: readonly string[]; keys?: string[] }): Promise<number> {
  if (!ids.length) return 0;
  let query = q.db.selectFrom('mail_outbox').select((e) => e.fn.countAll<number>().as('n')).where('id', 'in', ids);
  if (where.types) query = query.where('type', 'in', where.types);
  if (where.keys) {
    if (!where.keys.length) return 0;
    query = query.where('dedupe_key', 'in', where.keys);
  }
  return Number((await q.first(query))?.n ?? 0);
}

async function remainsOf(q: Queries, email: string): Promise<ErasureRemains> {
  return {
    orders: (await idsByAddress(q, 'sales_order', 'email', email)).length,
    quotes: (await idsByAddress(q, 'quote', 'email', email)).length,
    account: (await q.first(q.db.selectFrom('customer').select('id').where('email_normalized', '=', email))) !== undefined,
    mails: (await mailsTo(q, email)).length,
  };
}

async function subscriberOf(q: Queries, id: number) {
  return q.first(q.db.selectFrom('newsletter_subscriber').select(['id', 'email']).where('id', '=', id));
}

/** What erasing this subscriber would take and leave; undefined when there is no such subscriber. */
export async function erasurePlan(q: Queries, id: number, names: FormNames): Promise<ErasurePlan | undefined> {
  const subscriber = await subscriberOf(q, id);
  if (!subscriber) return undefined;
  const { email } = subscriber;
  const leads = await leadsOf(q, email, names);
  const consents = await q.first(q.db.selectFrom('newsletter_consent').select((e) => e.fn.countAll<number>().as('n')).where('subscriber_id', '=', id));
  const mails = await mailsTo(q, email);
  const newsletterMails = await countMails(q, mails, { types: NEWSLETTER_MAIL_TYPES });
  const remains = await remainsOf(q, email);
  // The newsletter's mails go; the mails about a lead go or stay with it.
  const notAboutALead = remains.mails - newsletterMails - (await mailsAbout(q, [...leads.newsletter, ...leads.other].map((l) => l.id), email));
  return {
    id,
    email,
    consents: Number(consents?.n ?? 0),
    newsletterMails,
    newsletterLeads: leads.newsletter,
    otherLeads: leads.other,
    remains: { ...remains, mails: notAboutALead },
  };
}

/** How many of the outbox's mails to `email` are about these submissions. */
async function mailsAbout(q: Queries, ids: number[], email: string): Promise<number> {
  if (!ids.length) return 0;
  return countMails(q, await mailsTo(q, email), { keys: ids.flatMap(SUBMISSION_MAIL_KEYS) });
}

/**
 * Erases the subscriber and what goes with it (above); `otherLeads` also erases the address's other
 * leads. Answers the counts and the uploads' stored names, for the folder to delete once committed; undefined when
 * there is no such subscriber.
 */
export async function eraseSubscriber(q: Queries, id: number, names: FormNames, options: { otherLeads: boolean; uploads?: Pick<UploadStore, 'forget'> }): Promise<{ erased: Erased; files: string[] } | undefined> {
  return q.transaction(async (tx) => {
    const subscriber = await tx.first(tx.lockRow(tx.db.selectFrom('newsletter_subscriber').select(['id', 'email']).where('id', '=', id)));
    if (!subscriber) return undefined;
    const { email } = subscriber;
    const key = recipientKey(email);
    const leads = await leadsOf(tx, email, names);
    const erasing = [...leads.newsletter, ...(options.otherLeads ? leads.other : [])].map((l) => l.id);

    const consents = await tx.run(tx.db.deleteFrom('newsletter_consent').where('subscriber_id', '=', id));
    const toAddress = await mailsTo(tx, email);
    const mails = toAddress.length ? await tx.run(tx.db.deleteFrom('mail_outbox').where('type', 'in', NEWSLETTER_MAIL_TYPES).where('id', 'in', toAddress)) : 0;
    await tx.run(tx.db.deleteFrom('mail_recipient_log').where('mail_type', 'in', NEWSLETTER_MAIL_TYPES).where('recipient_key', '=', key));
    let notifications = 0;
    let files: string[] = [];
    if (erasing.length) {
      // The admins' notifications go to the store's address, not the visitor's: found by their key.
      notifications = await tx.run(tx.db.deleteFrom('mail_outbox').where('dedupe_key', 'in', erasing.flatMap(SUBMISSION_MAIL_KEYS)));
      files = (await tx.all(tx.db.selectFrom('form_upload').select('stored_name').where('submission_id', 'in', erasing))).map((u) => u.stored_name);
      await tx.run(tx.db.deleteFrom('form_upload').where('submission_id', 'in', erasing));
      // On PostgreSQL the files' content is in the database: it goes in this transaction.
      await options.uploads?.forget(tx, files);
      await tx.run(tx.db.deleteFrom('form_submission').where('id', 'in', erasing));
    }
    const leadsLeft = options.otherLeads ? 0 : leads.other.length;
    // The cap's log of confirmations cannot tell one lead's from another's: it goes with the last lead.
    if (leadsLeft === 0) await tx.run(tx.db.deleteFrom('mail_recipient_log').where('mail_type', '=', 'form-confirmation').where('recipient_key', '=', key));
    await tx.run(tx.db.deleteFrom('newsletter_subscriber').where('id', '=', id));
    const remains = await remainsOf(tx, email);
    if (!options.otherLeads) remains.mails -= await mailsAbout(tx, leads.other.map((l) => l.id), email);
    return {
      erased: {
        id,
        consents,
        mails,
        leads: leads.newsletter.length,
        otherLeads: options.otherLeads ? leads.other.length : 0,
        notifications,
        files: files.length,
        remains: { ...remains, leads: leadsLeft },
      },
      files,
    };
  });
}
