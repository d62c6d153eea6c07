/**
 * POST /api/payment-pages/reports (schemas/api/payment-pages.ts): where the payment pages' policy
 * sends its violations (report-uri, and report-to through Reporting-Endpoints), and where the island
 * bootstrap sends a first-party module that failed its integrity check.
 *
 * A browser sends reports without credentials, so anyone can call it. What bounds it: 32 kB a
 * request, read as a stream and cut off past that; 20 requests a minute per client address and 300
 * a minute in all, counted where every server of the store shares them; only reports of this
 * store's payment pages are counted, each kind in one row, with budgets of new kinds and e-mails per client (./violation-reports.ts).
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { violationReportEndpoint } from '../../schemas/api/payment-pages';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import type { Logger } from '../logger';
import type { MailConfig } from '../mail/mail-config';
import { RateLimiter } from '../services/rate-limiter';
import { limitStore } from '../services/shared-limits';
import { ALERTS_PER_CLIENT_PER_HOUR, NEW_KINDS_PER_CLIENT_PER_HOUR, readViolations, recordViolations, type ReportSources, type ViolationBudgets } from './violation-reports';

export const MAX_REPORT_BYTES = 32 * 1024;
export const REPORTS_PER_CLIENT_PER_MINUTE = 20;
export const REPORTS_PER_MINUTE = 300;

/** The report formats browsers send: report-uri's, the Reporting API's, and plain JSON (the bootstrap's). */
const REPORT_TYPES = /^application\/(?:csp-report|reports\+json|json)\s*(?:;|$)/i;

async function readReport(ctx: Context): Promise<unknown> {
  if (!REPORT_TYPES.test(ctx.get('Content-Type'))) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the reports as application/csp-report, application/reports+json or application/json.');
  }
  if (Number(ctx.get('Content-Length') || '0') > MAX_REPORT_BYTES) throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_REPORT_BYTES) throw new ApiError(413, 'payload_too_large', 'The request body is too large.');
    chunks.push(buf);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

export interface ViolationRouteDeps {
  database: Database;
  logger: Logger;
  mail: MailConfig;
  publicUrl: string;
  sources: ReportSources;
}

export function violationReportRoutes(api: Router, deps: ViolationRouteDeps): void {
  const store = limitStore(deps.database);
  const perClient = new RateLimiter(REPORTS_PER_CLIENT_PER_MINUTE, 60_000, store, 'csp-reports');
  const overall = new RateLimiter(REPORTS_PER_MINUTE, 60_000, store, 'csp-reports-all');
  const tooMany = () => new ApiError(429, 'too_many_reports', 'Too many reports this minute.');
  const newKinds = new RateLimiter(NEW_KINDS_PER_CLIENT_PER_HOUR, 3_600_000, store, 'csp-new-kinds');
  const alerts = new RateLimiter(ALERTS_PER_CLIENT_PER_HOUR, 3_600_000, store, 'csp-alerts');
  const budgets: ViolationBudgets = { newKind: (client) => newKinds.consume(client), alert: (client) => alerts.consume(client) };

  api.post(violationReportEndpoint.path, async (ctx) => {
    if (!(await perClient.consume(ctx.ip.slice(0, 64)))) throw tooMany();
    if (!(await overall.consume('all'))) throw tooMany();
    const { body } = checkRequest(violationReportEndpoint, ctx, await readReport(ctx));
    const violations = readViolations(body, deps.sources);
    if (violations.length) await recordViolations({ q: deps.database.q, mail: deps.mail, publicUrl: deps.publicUrl, client: ctx.ip.slice(0, 64), budgets }, violations);
    ctx.body = { received: violations.length };
  });
}
