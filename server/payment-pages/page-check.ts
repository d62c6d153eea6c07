/**
 * The payment pages' change detection (PCI DSS 11.6.1): every payment page loaded as a browser
 * would, compared with the baseline an admin approved in the studio, the run recorded
 * (`payment_page_check`), and the admins mailed when anything differs (a script added, removed or
 * changed, a security header added, removed or changed), when there is no baseline to compare with,
 * or when a page could not be loaded. `npm run payment-pages:check` (./check-cli.ts) and the
 * server's schedule (./check-schedule.ts) both run it.
 */
import type { Content } from '../content/load-content';
import type { Queries } from '../db/queries';
import type { PaymentPageCheckTable } from '../db/tables';
import type { MailConfig } from '../mail/mail-config';
import { enqueueMail } from '../mail/outbox';
import { paymentBlockOf } from '../../schemas/payment-page-blocks';
import { integrationOf } from '../../schemas/payment-integrations';
import type { GatewayConfig } from '../gateways/gateway-config';
import { ACCEPT_HOSTED_COMMUNICATOR_PATH } from './accept-hosted-communicator';
import { renderChangeAlert, renderCheckFailedAlert } from './payment-page-mail';
import { browserSnapshots, chromiumInstalled, compareSnapshots, htmlSnapshot, type PageChange, type PageSnapshot, type SnapshotMode } from './page-snapshot';

export type CheckOutcome = PaymentPageCheckTable['outcome'];

export interface CheckResult {
  id: number;
  outcome: CheckOutcome;
  mode: SnapshotMode;
  changes: PageChange[];
  baselineId: number | null;
  error: string | null;
}

export interface CheckDeps {
  q: Queries;
  mail: MailConfig;
  /** The store's address as visitors use it (PUBLIC_URL): the pages are loaded from there. */
  baseUrl: string;
  /** The payment pages' paths (watchedPagePaths of the content). */
  pages: readonly string[];
  /** 'auto': Chromium when it is installed, else the HTML and headers. */
  mode?: SnapshotMode | 'auto';
  runBy: 'command' | 'schedule';
  now?: () => Date;
  /** Takes the snapshots (tests replace the browser); default: by mode. */
  snapshots?: (mode: SnapshotMode, baseUrl: string, pages: readonly string[]) => Promise<PageSnapshot[]>;
}

/** The paths of the content's payment pages: routes without parameters whose page holds a payment block. */
export function paymentPagePaths(content: Pick<Content, 'routes' | 'pages'>): string[] {
  return content.routes.filter((r) => !r.path.includes(':') && content.pages[r.page] && paymentBlockOf(content.pages[r.page]!.blocks)).map((r) => r.path);
}

/**
 * The pages the check watches: the payment pages, and Authorize.net's iframe communicator when a
 * method shows Accept Hosted in a frame with Authorize.net configured (its script and its policy
 * are part of the payment flow).
 */
export function watchedPagePaths(content: Pick<Content, 'routes' | 'pages' | 'paymentMethods'>, gateways: GatewayConfig): string[] {
  const framed = gateways.authorizeNet !== null && content.paymentMethods.some((m) => m.enabled && m.gateway === 'authorizenet' && integrationOf(m) === 'authorizenet-accept-hosted-iframe');
  return [...paymentPagePaths(content), ...(framed ? [ACCEPT_HOSTED_COMMUNICATOR_PATH] : [])];
}

async function takeSnapshots(mode: SnapshotMode, baseUrl: string, pages: readonly string[]): Promise<PageSnapshot[]> {
  if (mode === 'browser') return browserSnapshots(baseUrl, pages);
  const out: PageSnapshot[] = [];
  for (const page of pages) out.push(await htmlSnapshot(baseUrl, page));
  return out;
}

/** The approved baseline: the run an admin approved last. */
export async function currentBaseline(q: Queries): Promise<{ id: number; snapshot: PageSnapshot[]; approved_at: string; approved_by: string } | undefined> {
  const row = await q.first(q.db.selectFrom('payment_page_check').select(['id', 'snapshot', 'approved_at', 'approved_by']).where('approved_at', 'is not', null).orderBy('approved_at', 'desc').orderBy('id', 'desc').limit(1));
  return row ? { id: row.id, snapshot: JSON.parse(row.snapshot) as PageSnapshot[], approved_at: row.approved_at!, approved_by: row.approved_by ?? '' } : undefined;
}

export async function runPaymentPagesCheck(deps: CheckDeps): Promise<CheckResult> {
  const clock = deps.now ?? (() => new Date());
  const startedAt = clock().toISOString();
  const mode: SnapshotMode = deps.mode === 'browser' || deps.mode === 'html' ? deps.mode : chromiumInstalled() ? 'browser' : 'html';
  let snapshot: PageSnapshot[] = [];
  let error: string | null = null;
  try {
    snapshot = await (deps.snapshots ?? takeSnapshots)(mode, deps.baseUrl, deps.pages);
  } catch (err) {
    error = `The payment pages could not be loaded from ${deps.baseUrl}: ${(err as Error).message}`.slice(0, 1000);
  }
  const baseline = await currentBaseline(deps.q);
  const changes = error || !baseline ? [] : compareSnapshots(baseline.snapshot, snapshot);
  const outcome: CheckOutcome = error ? 'failed' : !baseline ? 'no_baseline' : changes.length ? 'changed' : 'unchanged';
  const finishedAt = clock().toISOString();
  const id = await deps.q.transaction(async (tx) => {
    const checkId = await tx.insertReturningId('payment_page_check', {
      started_at: startedAt,
      finished_at: finishedAt,
      run_by: deps.runBy,
      mode,
      outcome,
      base_url: deps.baseUrl,
      snapshot: JSON.stringify(snapshot),
      changes: JSON.stringify(changes),
      baseline_id: baseline?.id ?? null,
      error,
      approved_at: null,
      approved_by: null,
    });
    if (outcome !== 'unchanged' && deps.mail.adminEmails.length) {
      const [admin, ...cc] = deps.mail.adminEmails;
      const studioUrl = `${deps.baseUrl.replace(/\/$/, '')}/studio/payment-pages`;
      const rendered = error
        ? renderCheckFailedAlert(error, studioUrl)
        : renderChangeAlert({ changes, baseUrl: deps.baseUrl, checkId, noBaseline: !baseline, studioUrl });
      await enqueueMail(tx, { type: 'payment-page-change', orderId: null, recipient: admin!, cc, dedupeKey: `payment-page-change:${checkId}`, ...rendered });
    }
    return checkId;
  });
  return { id, outcome, mode, changes, baselineId: baseline?.id ?? null, error };
}

/**
 * Approves a run as the new baseline (the studio, an admin; the caller writes the audit line).
 * A failed run has nothing to approve; approving the baseline again changes nothing.
 */
export async function approveCheck(q: Queries, checkId: number, approver: string, now = new Date()): Promise<'approved' | 'already' | 'failed' | 'missing'> {
  return q.transaction(async (tx) => {
    const row = await tx.first(tx.lockRow(tx.db.selectFrom('payment_page_check').select(['id', 'outcome', 'approved_at']).where('id', '=', checkId)));
    if (!row) return 'missing';
    if (row.outcome === 'failed') return 'failed';
    if (row.approved_at) return 'already';
    await tx.run(tx.db.updateTable('payment_page_check').set({ approved_at: now.toISOString(), approved_by: approver }).where('id', '=', checkId));
    return 'approved';
  });
}
