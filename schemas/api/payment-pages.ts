/**
 * The payment pages' watch (server/payment-pages/, docs/payment-pages.md):
 * - the report endpoint browsers send the payment pages' policy violations to (public by nature:
 *   rate-limited, size-limited, and storing one counted row per kind of violation);
 * - the studio's Payment pages screen, for admins: each payment method with the SAQ it implies,
 *   the pages' script inventory and policies, the change detection's runs and the approval of a
 *   new baseline (audited), the violations grouped by kind, and the evidence to hand an assessor.
 */
import { PAYMENT_INTEGRATION_IDS } from '../payment-integrations';
import { endpoint, errorSchema, successWith } from './endpoint';
import { denied, idParam, operatorSession } from './studio-common';

export const CHECK_NOT_FOUND = 'Check not found.';
export const CHECK_FAILED_MESSAGE = 'This check could not load the pages: there is nothing to approve. Run the check again.';
export const EVIDENCE_FORMAT_MESSAGE = 'Choose the evidence as json or html.';

const tags = ['payment pages'] as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const saq = { enum: ['A', 'A-EP', 'none'] } as const;

export const violationReportEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment-pages/reports',
  summary:
    "A browser's reports of the payment pages' policy violations (report-uri's application/csp-report, the Reporting API's application/reports+json with csp-violation and integrity-violation reports). Reports of another page or origin are ignored; each kind is counted in one row",
  caller: 'any browser (the payment pages name it in their policy); at most 20 requests a minute per client address and 300 in all, 32 kB a request',
  tags,
  bodyTypes: ['application/csp-report', 'application/reports+json', 'application/json'],
  invalid: { error: 'invalid_report', message: 'This is not a violation report.', describe: false },
  request: {
    body: {
      description: 'One report-uri report, or the Reporting API\'s list of reports',
      oneOf: [
        { type: 'object', required: ['csp-report'], properties: { 'csp-report': { type: 'object' } } },
        { type: 'array', maxItems: 100, items: { type: 'object' } },
      ],
    },
  },
  responses: {
    200: { type: 'object', required: ['received'], additionalProperties: false, properties: { received: { type: 'integer', minimum: 0, description: 'Reports of this store\'s payment pages that were counted' } } },
    400: { ...errorSchema, description: 'invalid_json, invalid_report' },
    413: { ...errorSchema, description: 'payload_too_large: more than 32 kB' },
    415: { ...errorSchema, description: 'unsupported_media_type' },
    429: { ...errorSchema, description: 'too_many_reports: this client, or all clients together, sent too many this minute' },
  },
});

const firstPartyScript = {
  type: 'object',
  required: ['url', 'integrity', 'owner', 'reason'],
  properties: { url: text, chunk: text, integrity: text, bytes: { type: 'integer' }, owner: text, reason: text, gateway: text, inline: { const: true, description: 'Written in its page (allowed by its hash in that page’s policy), not a file of its own' } },
} as const;
const thirdPartyScript = {
  type: 'object',
  required: ['origin', 'owner', 'reason', 'integrations'],
  properties: { origin: text, environment: text, owner: text, reason: text, gateway: text, noIntegrity: text, integrations: { type: 'array', items: text } },
} as const;

const overviewData = {
  type: 'object',
  required: ['storeSaq', 'methods', 'pages', 'inventory'],
  additionalProperties: false,
  properties: {
    storeSaq: { ...saq, description: 'The questionnaire the enabled methods put the store under: the heaviest of theirs' },
    methods: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'title', 'gateway', 'enabled', 'configured', 'integration', 'integrationLabel', 'saq', 'why'],
        additionalProperties: false,
        properties: {
          name: text,
          title: text,
          gateway: text,
          enabled: { type: 'boolean' },
          configured: { type: 'boolean', description: 'The gateway has its keys on this server' },
          integration: { enum: PAYMENT_INTEGRATION_IDS },
          integrationLabel: text,
          saq,
          why: text,
        },
      },
    },
    pages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'block', 'integrations', 'thirdParty', 'headers'],
        additionalProperties: false,
        properties: {
          path: text,
          block: text,
          integrations: { type: 'array', items: text },
          thirdParty: { type: 'array', items: thirdPartyScript },
          headers: { type: 'object', additionalProperties: text, description: 'The headers the page is sent (its policy, reporting endpoint, permissions)' },
        },
      },
    },
    inventory: {
      type: ['object', 'null'],
      required: ['generatedAt', 'firstParty', 'thirdParty'],
      properties: { generatedAt: text, firstParty: { type: 'array', items: firstPartyScript }, thirdParty: { type: 'array', items: thirdPartyScript } },
      description: 'null: the build this server runs has no inventory (rebuild)',
    },
  },
} as const;

export const paymentPagesOverviewEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/payment-pages',
  summary: 'Each payment method with how it takes the card and the SAQ that implies, each payment page with its policy and third-party scripts, and the script inventory',
  caller: 'an admin',
  security: operatorSession,
  tags,
  responses: { 200: successWith(overviewData), ...denied },
});

const change = {
  type: 'object',
  required: ['page', 'kind', 'subject', 'summary'],
  properties: { page: text, kind: text, subject: text, before: text, after: text, summary: text },
} as const;
const check = {
  type: 'object',
  required: ['id', 'startedAt', 'finishedAt', 'runBy', 'mode', 'outcome', 'baseUrl', 'changes', 'baselineId', 'error', 'approvedAt', 'approvedBy', 'pages'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    startedAt: text,
    finishedAt: text,
    runBy: { enum: ['command', 'schedule'] },
    mode: { enum: ['browser', 'html'] },
    outcome: { enum: ['unchanged', 'changed', 'no_baseline', 'failed'] },
    baseUrl: text,
    changes: { type: 'array', items: change },
    baselineId: { type: ['integer', 'null'] },
    error: nullableText,
    approvedAt: nullableText,
    approvedBy: nullableText,
    pages: {
      type: 'array',
      description: 'What the check saw on each page',
      items: { type: 'object', required: ['page', 'status', 'scripts', 'headers'], properties: { page: text, status: { type: 'integer' }, scripts: { type: 'array', items: { type: 'object' } }, headers: { type: 'object' } } },
    },
  },
} as const;

export const paymentPageChecksEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/payment-pages/checks',
  summary: 'The change detection: how often the server runs it, the approved baseline, and the last 20 runs with what each found',
  caller: 'an admin',
  security: operatorSession,
  tags,
  responses: {
    200: successWith({
      type: 'object',
      required: ['everyHours', 'baselineId', 'lastRunAt', 'checks'],
      additionalProperties: false,
      properties: {
        everyHours: { type: ['integer', 'null'], description: 'null: the server does not run it (PAYMENT_PAGES_CHECK_EVERY=off)' },
        baselineId: { type: ['integer', 'null'] },
        lastRunAt: nullableText,
        checks: { type: 'array', items: check },
      },
    }),
    ...denied,
  },
});

export const approveCheckEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/payment-pages/checks/:id/approve',
  summary: 'Approve a run of the change detection as the new baseline: later runs are compared with what it saw. Written to the audit log',
  caller: 'an admin',
  security: operatorSession,
  tags,
  request: { params: idParam(CHECK_NOT_FOUND) },
  responses: {
    200: successWith(check),
    400: { ...errorSchema, description: 'validation_failed: the id is not a check number' },
    ...denied,
    404: { ...errorSchema, description: 'No such check' },
    409: { ...errorSchema, description: 'check_failed: the run could not load the pages, so there is nothing to approve' },
  },
});

export const violationKindsEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/payment-pages/violations',
  summary: 'The policy violations browsers reported from the payment pages, one row per kind (page, directive, what was blocked) with its count, first and last time and a sample, the latest first',
  caller: 'an admin',
  security: operatorSession,
  tags,
  responses: {
    200: successWith({
      type: 'object',
      required: ['kinds', 'total'],
      additionalProperties: false,
      properties: {
        total: { type: 'integer', description: 'Reports counted, all kinds' },
        kinds: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'type', 'page', 'directive', 'blocked', 'label', 'count', 'firstSeenAt', 'lastSeenAt', 'mailedAt', 'sample'],
            additionalProperties: false,
            properties: {
              id: { type: 'integer' },
              type: { enum: ['csp', 'integrity', 'overflow'] },
              page: text,
              directive: text,
              blocked: text,
              label: { type: 'string', description: 'What was blocked, in words' },
              count: { type: 'integer' },
              firstSeenAt: text,
              lastSeenAt: text,
              mailedAt: nullableText,
              sample: { type: 'object' },
            },
          },
        },
      },
    }),
    ...denied,
  },
});

export const evidenceEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/payment-pages/evidence',
  summary:
    "The evidence for the store's assessor, dated: the script inventory, each payment method and its SAQ, each page's policy, the change detection's runs and approvals, the violations. JSON, or a readable HTML page. Written to the audit log",
  caller: 'an admin',
  security: operatorSession,
  tags,
  request: {
    query: { type: 'object', required: ['format'], additionalProperties: false, properties: { format: { enum: ['json', 'html'], 'x-message': EVIDENCE_FORMAT_MESSAGE, 'x-required': EVIDENCE_FORMAT_MESSAGE } } },
  },
  responseTypes: { 200: 'application/octet-stream' },
  responses: {
    200: { type: 'string', description: 'An attachment payment-pages-evidence-YYYY-MM-DD.json or .html' },
    400: { ...errorSchema, description: 'validation_failed: the format is not json or html' },
    ...denied,
  },
});

export const paymentPageEndpoints = [violationReportEndpoint, paymentPagesOverviewEndpoint, paymentPageChecksEndpoint, approveCheckEndpoint, violationKindsEndpoint, evidenceEndpoint] as const;
