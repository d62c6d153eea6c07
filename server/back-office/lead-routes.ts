/**
 * The back office's leads and subscribers (schemas/api/back-office-leads.ts). Viewers read; editors
 * change a lead's status; admins also export (CSV) and erase subscribers. Every change and every
 * export is in the audit log.
 *
 * A lead's files are read here only: the uploads folder (or, on PostgreSQL, the database) is under
 * no public URL (the static routes of server/app.ts serve the build, the widgets, the content's
 * images and the playground). A file
 * is looked up by its id together with its lead's, so a file id of another lead is not found, and
 * its path is the server's generated name, never a part of the request. It goes out as an
 * attachment with the type read from its content, nosniff, never cached.
 *
 * The static paths (forms, export.csv) are registered before /api/studio/leads/:id, which would
 * otherwise take them for an id.
 *
 * Every route asks the gate first (../studio/operator-gate.ts: 401, 403), then its contract, so a
 * caller who is not an operator learns nothing of the request's shape.
 */
import { toDollars } from '../../schemas/money';
import type Router from '@koa/router';
import {
  LEAD_FILE_NOT_FOUND,
  LEAD_NOT_FOUND,
  LEAD_PAGE_SIZE,
  leadDetailEndpoint,
  leadExportEndpoint,
  leadFileEndpoint,
  leadFormsEndpoint,
  leadListEndpoint,
  leadStatusEndpoint,
  SUBSCRIBER_NOT_FOUND,
  subscriberDeleteEndpoint,
  subscriberErasureEndpoint,
  subscriberExportEndpoint,
  subscriberListEndpoint,
} from '../../schemas/api/back-office-leads';
import { readJson } from '../api/read-json';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import { cleanFileName } from '../services/form-uploads';
import { uploadStoreFor } from '../services/upload-store';
import { submissionsExport } from '../services/submissions-export';
import type { OperatorGate } from '../studio/operator-gate';
import type { StudioDeps } from '../studio/studio-deps';
import { findLead, leadCountsByForm, leadFile, leadFiles, listLeads, setLeadStatus } from './lead-queries';
import { definitionOf, leadDetail, leadSummary } from './lead-view';
import { erasurePlan, eraseSubscriber, type FormNames } from './subscriber-erasure';
import { listSubscribers, subscribersCsv } from './subscriber-queries';

/** An export's name: what and when, e.g. leads-contact-2026-11-26.csv. */
function csvName(what: string): string {
  return `${what}-${new Date().toISOString().slice(0, 10)}.csv`;
}

export function backOfficeLeadRoutes(api: Router, deps: StudioDeps, gate: OperatorGate): void {
  const q = deps.database.q;
  // Where the forms API keeps uploads: its folder, or the database on PostgreSQL.
  const uploads = uploadStoreFor(deps.database, deps.forms.uploadsDir);

  api.get(leadFormsEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'viewer');
    checkRequest(leadFormsEndpoint, ctx);
    const content = deps.live.current();
    const counts = await leadCountsByForm(q);
    const names = [...new Set([...counts.keys(), ...Object.values(content.forms).filter((f) => !f.account).map((f) => f.name), ...Object.values(content.estimators).map((e) => e.name)])].sort();
    ctx.body = {
      success: true,
      data: names.map((name) => {
        const definition = definitionOf(content, name);
        const byStatus = counts.get(name) ?? { new: 0, contacted: 0, closed: 0 };
        return { name, title: definition?.form.title ?? null, estimator: definition?.estimator ?? false, inContent: definition !== undefined, total: byStatus.new + byStatus.contacted + byStatus.closed, counts: byStatus };
      }),
    };
  });

  api.get(leadExportEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'admin');
    const { query } = checkRequest(leadExportEndpoint, ctx);
    const { csv, rows } = await submissionsExport(q, query.form, definitionOf(deps.live.current(), query.form)?.form, { leadStatus: query.status });
    await gate.audit(ctx, operator, 'leads.export', `leads of ${query.form}${query.status ? ` (${query.status})` : ''}: ${rows} rows`);
    ctx.attachment(csvName(`leads-${query.form}`));
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = csv;
  });

  api.get(leadListEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'viewer');
    const { query } = checkRequest(leadListEndpoint, ctx);
    const content = deps.live.current();
    const page = await listLeads(q, { form: query.form, status: query.status, search: query.search, after: query.after === undefined ? undefined : Number(query.after) }, LEAD_PAGE_SIZE);
    ctx.body = { success: true, data: { items: page.rows.map((r) => leadSummary(r, content)), next: page.next === undefined ? null : String(page.next) } };
  });

  api.get(leadDetailEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'viewer');
    const { params } = checkRequest(leadDetailEndpoint, ctx);
    const lead = await findLead(q, Number(params.id));
    if (!lead) throw new ApiError(404, 'not_found', LEAD_NOT_FOUND);
    const quote = await q.first(q.db.selectFrom('quote').select(['id', 'increment_id', 'total_cents']).where('lead_id', '=', lead.id));
    ctx.body = { success: true, data: leadDetail(lead, await leadFiles(q, lead.id), deps.live.current(), quote ? { id: quote.id, number: quote.increment_id ?? String(quote.id), total: toDollars(quote.total_cents) } : null) };
  });

  api.patch(leadStatusEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'editor');
    const { params, body } = checkRequest(leadStatusEndpoint, ctx, await readJson(ctx));
    const id = Number(params.id);
    const before = await setLeadStatus(q, id, body.status);
    if (!before) throw new ApiError(404, 'not_found', LEAD_NOT_FOUND);
    if (before !== body.status) await gate.audit(ctx, operator, 'lead.status', `lead ${id}: ${before} → ${body.status}`);
    ctx.body = { success: true, data: { id, status: body.status } };
  });

  api.get(leadFileEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'viewer');
    const { params } = checkRequest(leadFileEndpoint, ctx);
    const file = await leadFile(q, Number(params.id), Number(params.fileId));
    const content = file && (await uploads.open(q, file.stored_name));
    if (!file || !content) throw new ApiError(404, 'not_found', LEAD_FILE_NOT_FOUND);
    ctx.attachment(cleanFileName(file.original_name));
    ctx.type = file.content_type;
    ctx.length = file.size;
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = content;
  });

  api.get(subscriberExportEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'admin');
    const { query } = checkRequest(subscriberExportEndpoint, ctx);
    const { csv, rows } = await subscribersCsv(q, query.status);
    await gate.audit(ctx, operator, 'subscribers.export', `subscribers${query.status ? ` (${query.status})` : ''}: ${rows} rows`);
    ctx.attachment(csvName('subscribers'));
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = csv;
  });

  api.get(subscriberListEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'viewer');
    const { query } = checkRequest(subscriberListEndpoint, ctx);
    const page = await listSubscribers(q, { status: query.status, search: query.search, after: query.after === undefined ? undefined : Number(query.after) }, LEAD_PAGE_SIZE);
    ctx.body = { success: true, data: { items: page.items, next: page.next === undefined ? null : String(page.next) } };
  });

  /** The live content's forms: which subscribe, and their titles. */
  const formNames = (): FormNames => {
    const content = deps.live.current();
    return {
      isNewsletterForm: (name) => definitionOf(content, name)?.form.actions?.subscribeNewsletter === true,
      titleOf: (name) => definitionOf(content, name)?.form.title ?? name,
    };
  };

  api.get(subscriberErasureEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'admin');
    const { params } = checkRequest(subscriberErasureEndpoint, ctx);
    const plan = await erasurePlan(q, Number(params.id), formNames());
    if (!plan) throw new ApiError(404, 'not_found', SUBSCRIBER_NOT_FOUND);
    ctx.body = { success: true, data: plan };
  });

  api.delete(subscriberDeleteEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'admin');
    const { params, query } = checkRequest(subscriberDeleteEndpoint, ctx);
    const id = Number(params.id);
    const result = await eraseSubscriber(q, id, formNames(), { otherLeads: query.otherLeads === 'true', uploads });
    if (!result) throw new ApiError(404, 'not_found', SUBSCRIBER_NOT_FOUND);
    // Committed: the uploads' files go too.
    uploads.discard(result.files);
    const { erased } = result;
    // The id and counts only: the log must not keep the address the erasure removed.
    await gate.audit(
      ctx,
      operator,
      'subscriber.erase',
      `subscriber ${id} erased with ${erased.consents} consent records, ${erased.mails} newsletter mails, ${erased.leads + erased.otherLeads} leads (${erased.otherLeads} of other forms), ${erased.notifications} mails about them and ${erased.files} files`,
    );
    ctx.body = { success: true, data: erased };
  });
}
