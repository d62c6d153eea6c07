/**
 * The studio's Payment pages screen, for admins (schemas/api/payment-pages.ts): each payment method
 * with the SAQ its way of taking the card implies, each payment page's policy and third-party
 * scripts, the script inventory, the change detection's runs and the approval of a new baseline,
 * the violations browsers reported, grouped by kind, and the dated evidence for an assessor. An
 * approval and an evidence export are written to the audit log.
 */
import type Router from '@koa/router';
import { approveCheckEndpoint, CHECK_FAILED_MESSAGE, CHECK_NOT_FOUND, evidenceEndpoint, paymentPageChecksEndpoint, paymentPagesOverviewEndpoint, violationKindsEndpoint } from '../../schemas/api/payment-pages';
import { integrationOf, integrationTitle, PAYMENT_INTEGRATIONS, storeSaq } from '../../schemas/payment-integrations';
import { paymentBlockOf, type PaymentBlockType } from '../../schemas/payment-page-blocks';
import type { Content } from '../content/load-content';
import type { Queries } from '../db/queries';
import type { PaymentPageCheckTable, PaymentPageViolationTable } from '../db/tables';
import type { GatewayConfig } from '../gateways/gateway-config';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import type { OperatorGate } from '../studio/operator-gate';
import type { StudioDeps } from '../studio/studio-deps';
import { JOB_NAME } from './check-schedule';
import { evidencePage, inventorySections, type EvidenceSection } from './evidence-page';
import { approveCheck, currentBaseline, paymentPagePaths } from './page-check';
import type { PageChange, PageSnapshot } from './page-snapshot';
import { blockedLabel } from './payment-page-mail';
import { gatewayConfigured, type PaymentPageSecurity } from './payment-page-policy';

/** What the screen needs besides the studio's own: the pages' security as served, and the gateways' keys. */
export interface PaymentPagesStudioDeps {
  security: PaymentPageSecurity | undefined;
  gateways: GatewayConfig;
}

const CHECKS_SHOWN = 20;
const KINDS_SHOWN = 200;

function checkView(row: Selected<PaymentPageCheckTable>) {
  return {
    id: row.id,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    runBy: row.run_by,
    mode: row.mode,
    outcome: row.outcome,
    baseUrl: row.base_url,
    changes: JSON.parse(row.changes) as PageChange[],
    baselineId: row.baseline_id,
    error: row.error,
    approvedAt: row.approved_at,
    approvedBy: row.approved_by,
    pages: JSON.parse(row.snapshot) as PageSnapshot[],
  };
}
type Selected<T> = { [K in keyof T]: T[K] extends import('kysely').Generated<infer V> ? V : T[K] };

function kindView(row: Selected<PaymentPageViolationTable>) {
  return {
    id: row.id,
    type: row.type,
    page: row.page,
    directive: row.directive,
    blocked: row.blocked,
    label: row.type === 'overflow' ? 'Kinds past a client’s budget (or the store’s 1,000), counted together' : blockedLabel(row.type, row.blocked),
    count: row.count,
    firstSeenAt: row.first_seen_at,
    lastSeenAt: row.last_seen_at,
    mailedAt: row.mailed_at,
    sample: JSON.parse(row.sample) as Record<string, unknown>,
  };
}

export function overview(content: Content, pp: PaymentPagesStudioDeps, origin: string) {
  const methods = content.paymentMethods.map((m) => {
    const integration = integrationOf(m);
    const info = PAYMENT_INTEGRATIONS[integration];
    return { name: m.name, title: m.title, gateway: m.gateway, enabled: m.enabled, configured: gatewayConfigured(m, pp.gateways), integration, integrationLabel: integrationTitle(integration), saq: info.saq, why: info.why };
  });
  const inUse = methods.filter((m) => m.enabled && m.configured).map((m) => m.integration);
  const pages = paymentPagePaths(content).map((path) => {
    const route = content.routes.find((r) => r.path === path)!;
    const block = paymentBlockOf(content.pages[route.page]!.blocks) as PaymentBlockType;
    const security = pp.security;
    return {
      path,
      block,
      integrations: security ? security.integrations(block) : [],
      thirdParty: security ? security.thirdParty(block) : [],
      headers: security ? security.headers(block, origin) : {},
    };
  });
  const inventory = pp.security?.inventory ?? null;
  return { storeSaq: storeSaq(inUse), methods, pages, inventory: inventory ? { generatedAt: inventory.generatedAt, firstParty: inventory.firstParty, thirdParty: inventory.thirdParty } : null };
}

async function checks(q: Queries) {
  const schedule = await q.first(q.db.selectFrom('scheduled_run').select(['every_hours', 'last_started_at']).where('name', '=', JOB_NAME));
  const baseline = await currentBaseline(q);
  const rows = await q.all(q.db.selectFrom('payment_page_check').selectAll().orderBy('id', 'desc').limit(CHECKS_SHOWN));
  return { everyHours: schedule?.every_hours ?? null, baselineId: baseline?.id ?? null, lastRunAt: rows[0]?.started_at ?? schedule?.last_started_at ?? null, checks: rows.map(checkView) };
}

async function violations(q: Queries) {
  const rows = await q.all(q.db.selectFrom('payment_page_violation').selectAll().orderBy('last_seen_at', 'desc').orderBy('id', 'desc').limit(KINDS_SHOWN));
  const total = await q.first(q.db.selectFrom('payment_page_violation').select((eb) => eb.fn.sum<number>('count').as('n')));
  return { total: Number(total?.n ?? 0), kinds: rows.map(kindView) };
}

/** The evidence page's sections besides the inventory's: the store's own part. */
function storeSections(data: { overview: ReturnType<typeof overview>; checks: Awaited<ReturnType<typeof checks>>; violations: Awaited<ReturnType<typeof violations>> }): EvidenceSection[] {
  const { overview: o, checks: c, violations: v } = data;
  return [
    {
      title: 'Payment methods and their SAQ',
      columns: ['Method', 'Gateway', 'Enabled', 'Keys on the server', 'How the card is taken', 'Why'],
      rows: o.methods.map((m) => [m.title, m.gateway, m.enabled ? 'yes' : 'no', m.configured ? 'yes' : 'no', m.integrationLabel, m.why]),
    },
    {
      title: 'Each payment page’s headers',
      intro: 'The Content-Security-Policy, Reporting-Endpoints and Permissions-Policy each payment page is sent now.',
      columns: ['Page', 'Integrations', 'Header', 'Value'],
      rows: o.pages.flatMap((p) => Object.entries(p.headers).map(([name, value]) => [p.path, p.integrations.join(', ') || 'none', name, value])),
    },
    {
      title: 'Change detection (PCI DSS 11.6.1)',
      intro: `${c.everyHours === null ? 'The server does not run it on a schedule (PAYMENT_PAGES_CHECK_EVERY=off).' : `The server runs it every ${c.everyHours} hours.`} The baseline is check ${c.baselineId ?? 'none yet'}. The last ${CHECKS_SHOWN} runs:`,
      columns: ['Check', 'Started', 'Run by', 'Mode', 'Outcome', 'Changes', 'Approved by', 'Approved at'],
      rows: c.checks.map((k) => [String(k.id), k.startedAt, k.runBy, k.mode, k.outcome, k.error ?? (k.changes.map((x) => `${x.page}: ${x.summary}`).join('; ') || 'none'), k.approvedBy ?? '', k.approvedAt ?? '']),
      empty: 'No check has run yet.',
    },
    {
      title: 'Policy violations reported by browsers',
      intro: `${v.total} reports in all, by kind:`,
      columns: ['Page', 'Blocked', 'Directive', 'Reports', 'First seen', 'Last seen'],
      rows: v.kinds.map((k) => [k.page, k.label, k.directive, String(k.count), k.firstSeenAt, k.lastSeenAt]),
      empty: 'No violation reported.',
    },
  ];
}

export function paymentPagesStudioRoutes(api: Router, deps: StudioDeps, gate: OperatorGate, pp: PaymentPagesStudioDeps): void {
  const q = deps.database.q;
  const originOf = () => new URL(deps.publicUrl).origin;

  api.get(paymentPagesOverviewEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'admin');
    checkRequest(paymentPagesOverviewEndpoint, ctx);
    ctx.body = { success: true, data: overview(deps.live.current(), pp, originOf()) };
  });

  api.get(paymentPageChecksEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'admin');
    checkRequest(paymentPageChecksEndpoint, ctx);
    ctx.body = { success: true, data: await checks(q) };
  });

  api.post(approveCheckEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'admin');
    const { params } = checkRequest(approveCheckEndpoint, ctx);
    const id = Number(params.id);
    const result = await approveCheck(q, id, operator.email);
    if (result === 'missing') throw new ApiError(404, 'not_found', CHECK_NOT_FOUND);
    if (result === 'failed') throw new ApiError(409, 'check_failed', CHECK_FAILED_MESSAGE);
    if (result === 'approved') await gate.audit(ctx, operator, 'payment_pages.baseline_approved', `check ${id} approved as the payment pages' baseline`);
    const row = (await q.first(q.db.selectFrom('payment_page_check').selectAll().where('id', '=', id)))!;
    ctx.body = { success: true, data: checkView(row) };
  });

  api.get(violationKindsEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'admin');
    checkRequest(violationKindsEndpoint, ctx);
    ctx.body = { success: true, data: await violations(q) };
  });

  api.get(evidenceEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'admin');
    const { query } = checkRequest(evidenceEndpoint, ctx);
    const generatedAt = new Date().toISOString();
    const data = { overview: overview(deps.live.current(), pp, originOf()), checks: await checks(q), violations: await violations(q) };
    await gate.audit(ctx, operator, 'payment_pages.evidence_exported', `payment pages evidence as ${query.format}`);
    ctx.attachment(`payment-pages-evidence-${generatedAt.slice(0, 10)}.${query.format}`);
    if (query.format === 'json') {
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = JSON.stringify({ generatedAt, store: deps.publicUrl, ...data }, null, 2);
      return;
    }
    const inventory = pp.security?.inventory;
    ctx.type = 'text/html; charset=utf-8';
    // An attachment with no script: a policy that runs nothing if a browser shows it.
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.body = evidencePage({
      title: 'Payment pages: PCI DSS evidence',
      generatedAt,
      summary: [
        `Store: ${deps.publicUrl}. Questionnaire the enabled payment methods imply: ${data.overview.storeSaq === 'none' ? 'none (test gateway only)' : `SAQ ${data.overview.storeSaq}`}.`,
        inventory ? `Script inventory built on ${inventory.generatedAt}.` : 'This server’s build has no script inventory: rebuild it (npm run build).',
      ],
      sections: [...(inventory ? inventorySections(inventory) : []), ...storeSections(data)],
    });
  });
}
