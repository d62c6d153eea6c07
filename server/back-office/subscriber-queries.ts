/**
 * The back office's newsletter list (schemas/api/back-office-leads.ts): every address with its
 * status and consent records (server/services/newsletter-consent.ts keeps them: when it was asked
 * for, from which form, page and client address, confirmed when and from where) and its CSV export
 * (the erasure: ./subscriber-erasure.ts).
 *
 * Pages are newest first by id, keyset (`id < after`); 0013 indexes (status, id).
 */
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import type { ResponseBody } from '../../schemas/api/endpoint';
import type { SubscriberStatus, subscriberListEndpoint } from '../../schemas/api/back-office-leads';
import type { Queries } from '../db/queries';
import { defused } from '../services/submissions-export';
import { containsPattern } from './lead-queries';

export type SubscriberView = ResponseBody<typeof subscriberListEndpoint, 200>['data']['items'][number];
type ConsentView = SubscriberView['consents'][number];

export interface SubscriberFilter {
  status?: SubscriberStatus;
  search?: string;
  after?: number;
}

/** The consent records of these subscribers, oldest first, by subscriber id. */
async function consentsOf(q: Queries, ids: number[]): Promise<Map<number, ConsentView[]>> {
  const byId = new Map<number, ConsentView[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byId;
  const rows = await q.all(q.db.selectFrom('newsletter_consent').selectAll().where('subscriber_id', 'in', ids).orderBy('subscriber_id').orderBy('id'));
  for (const c of rows) {
    byId.get(Number(c.subscriber_id))!.push({
      id: Number(c.id),
      form: c.source_form,
      page: c.source_page,
      requestedAt: c.requested_at,
      requestedFrom: c.requested_from,
      confirmedAt: c.confirmed_at,
      confirmedFrom: c.confirmed_from,
      expiresAt: c.confirmed_at === null ? c.expires_at : null,
    });
  }
  return byId;
}

export async function listSubscribers(q: Queries, filter: SubscriberFilter, limit: number): Promise<{ items: SubscriberView[]; next?: number }> {
  let query = q.db.selectFrom('newsletter_subscriber').select(['id', 'email', 'status', 'source', 'created_at', 'updated_at', 'unsubscribed_at']);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.after) query = query.where('id', '<', filter.after);
  // Addresses are stored lower-cased (newsletter-subscribers.ts normalizeEmail).
  if (filter.search?.trim()) query = query.where(sql<boolean>`${sql.ref('email')} like ${containsPattern(filter.search.trim())} escape '\\'`);
  const rows = (await q.all(query.orderBy('id', 'desc').limit(limit + 1))).map((r) => ({ ...r, id: Number(r.id) }));
  const page = rows.slice(0, limit);
  const consents = await consentsOf(q, page.map((r) => r.id));
  return {
    items: page.map((r) => ({ id: r.id, email: r.email, status: r.status, source: r.source, created: r.created_at, updated: r.updated_at, unsubscribedAt: r.unsubscribed_at, consents: consents.get(r.id)! })),
    next: rows.length > limit ? page[page.length - 1]!.id : undefined,
  };
}

/**
 * The list as CSV, oldest first: a row per consent record (an address without one gets a row of
 * its own), every cell defused against spreadsheet formulas (an address may begin with - or +).
 */
export async function subscribersCsv(q: Queries, status?: SubscriberStatus): Promise<{ csv: string; rows: number }> {
  let query = q.db
    .selectFrom('newsletter_subscriber as s')
    .leftJoin('newsletter_consent as c', 'c.subscriber_id', 's.id')
    .select(['s.id', 's.email', 's.status', 's.source', 's.created_at', 's.unsubscribed_at', 'c.source_form', 'c.source_page', 'c.requested_at', 'c.requested_from', 'c.confirmed_at', 'c.confirmed_from']);
  if (status) query = query.where('s.status', '=', status);
  const rows = await q.all(query.orderBy('s.id').orderBy('c.id'));
  const header = ['id', 'email', 'status', 'source', 'created_at', 'unsubscribed_at', 'consent_form', 'consent_page', 'requested_at', 'requested_from', 'confirmed_at', 'confirmed_from'];
  const cells = (r: (typeof rows)[number]) => [String(r.id), r.email, r.status, r.source, r.created_at, r.unsubscribed_at, r.source_form, r.source_page, r.requested_at, r.requested_from, r.confirmed_at, r.confirmed_from].map((v) => defused(v ?? ''));
  return { csv: stringify([header, ...rows.map(cells)], { record_delimiter: 'windows' }), rows: rows.length };
}
