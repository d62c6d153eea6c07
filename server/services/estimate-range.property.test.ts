/**
 * @engines sqlite: the range is the server's arithmetic, whatever the database.
 *
 * The range a visitor sees is the range the store keeps (fast-check). For random answers to the demo
 * kitchen estimator, the answers of its popup section among them:
 * - the browser's live range (estimatePrice over the form's values) equals the range the server
 *   computes from what the browser sends (checkSubmission, postEstimate's envelope as it goes over
 *   the wire, then priceEstimate), to the cent;
 * - on a dealer's page, the element prices with the template and pricing GET /api/estimator gives
 *   that dealer's origin, sends through postEstimate with the dealer's header to a running store,
 *   and the range the store answers and stores equals the one the element showed.
 */
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EstimatorPricing } from '../../schemas/estimator/estimator-pricing.schema';
import type { EstimatorTemplate } from '../../schemas/estimator/estimator-template.schema';
import type { CabinetMixPricing } from '../../schemas/evaluators/cabinet-mix';
import { estimatePrice } from '../../schemas/evaluators/estimator-pricing';
import { checkSubmission } from '../../schemas/evaluators/form-submission';
import { applyVisibility, inputFields } from '../../schemas/evaluators/visibility';
import type { FormField, GroupField } from '../../schemas/forms/form-field.schema';
import { postEstimate } from '../../widgets/estimator/estimate-post';
import { freshAddress, proxiedTestEnv, withDatabaseOf } from '../api/forms-test-kit';
import { projectRoot } from '../build-output';
import { loadContent } from '../content/load-content';
import { startTestServer, type TestServer } from '../testing/test-server';
import { findEstimator, priceEstimate } from './estimate-submission';
import { TEST_RECAPTCHA_TOKEN } from './recaptcha';

const content = loadContent(path.join(projectRoot, 'examples', 'site'));
const entry = findEstimator(content, 'kitchen-estimator')!;
const fields = entry.template.fields as FormField[];
const choices = inputFields(fields).filter((f) => f.options?.length);
const popupFields = new Set(fields.filter((f): f is GroupField => f.type === 'group' && f.layout === 'popup').flatMap((g) => inputFields(g.fields).map((f) => f.name)));

/** Any answer to each question, or none; several for a checkbox group. */
const answers = fc.record(
  Object.fromEntries(
    choices.map((f) => {
      const values = f.options!.map((o) => o.value);
      return [f.name, f.type === 'checkbox-group' ? fc.subarray(values) : fc.option(fc.constantFrom(...values), { nil: undefined })];
    }),
  ),
  { requiredKeys: [] },
);

const given = (raw: Record<string, unknown>) => Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)) as Record<string, string | string[]>;

/** What the browser's estimator sends for these values: the body postEstimate puts on the wire. */
async function wireFormData(values: Record<string, unknown>): Promise<unknown> {
  const { values: sent } = checkSubmission({ name: entry.template.name, fields, googleReCaptcha: false }, values as never);
  let body = '';
  const fetch = (async (_url: string, init: RequestInit) => {
    body = String(init.body);
    return new Response(JSON.stringify({ success: true, data: {} }), { status: 201 });
  }) as unknown as typeof globalThis.fetch;
  await postEstimate({ formName: entry.template.name, values: sent, totalPrice: '', summary: [] }, { fetch });
  return (JSON.parse(body) as { formData: unknown }).formData;
}

describe('the estimate range', () => {
  it('is the same in the browser and on the server for any answers, popup answers included, to the cent', async () => {
    let popupPriced = 0;
    await fc.assert(
      fc.asyncProperty(answers, async (raw) => {
        const values = given(raw);
        const browser = estimatePrice(fields, values, entry.pricing, entry.cabinets);
        const server = priceEstimate(entry, await wireFormData(values));
        expect([server.finalMin, server.finalMax, server.min, server.max]).toEqual([browser.finalMin, browser.finalMax, browser.min, browser.max]);
        if (Object.keys(browser.breakdown).some((name) => popupFields.has(name) && browser.breakdown[name]!.totalMax > 0)) popupPriced++;
      }),
      { numRuns: 300 },
    );
    // The popup section's answers were priced in many of the runs, not left out by the generator.
    expect(popupPriced).toBeGreaterThan(100);
  });
});

describe("the estimate range on a dealer's page", () => {
  let server: TestServer;
  let origin: string;
  let served: { template: EstimatorTemplate; pricing: EstimatorPricing; cabinets?: CabinetMixPricing };
  beforeAll(async () => {
    server = await startTestServer(proxiedTestEnv);
    origin = new URL(server.dealerUrl).origin;
    const res = await fetch(`${server.url}/api/estimator/kitchen-estimator`, { headers: { Origin: origin, 'X-Showroom-Dealer': 'demo-dealer' } });
    served = (await res.json()) as typeof served;
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Every question the form asks for is answered (a visitor cannot send without), the others at random. */
  const complete = fc.record({
    kitchenSize: fc.constantFrom('small', 'medium', 'large', 'xl'),
    cabinetLine: fc.constantFrom('rta', 'assembled', 'semi-custom', 'custom'),
    doorStyle: fc.constantFrom('shaker', 'slab', 'raised-panel', 'inset'),
    finish: fc.constantFrom('stained', 'natural-wood', 'painted-white', 'painted-color'),
    countertop: fc.constantFrom('laminate', 'butcher-block', 'granite', 'quartz', 'marble'),
    installation: fc.constantFrom('yes', 'no'),
    rest: answers,
  });

  it('is the range the store answers and stores for what the element sends, to the cent', async () => {
    const sentFrom = (headers: Record<string, string>) =>
      (async (url: string, init: RequestInit) => fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } })) as unknown as typeof globalThis.fetch;
    let sends = 0;
    await fc.assert(
      fc.asyncProperty(complete, async ({ rest, ...required }) => {
        const elementFields = served.template.fields as FormField[];
        // The element's form store keeps settled values: what hideWhen hides is cleared.
        const values = applyVisibility(elementFields, { ...given(rest), ...required, firstName: 'Sam', lastName: 'Okafor', email: 'sam.okafor@example.com', zip: '30301' }).values;
        const check = checkSubmission({ name: served.template.name, fields: elementFields, googleReCaptcha: false }, values);
        // Send validates the whole form first: an inset door on a stock line is no answer to send.
        fc.pre(Object.keys(check.errors).length === 0);
        const shown = estimatePrice(elementFields, values, served.pricing, served.cabinets);
        const answer = await postEstimate(
          { formName: served.template.name, values: check.values, totalPrice: shown.display.final, summary: [], recaptchaToken: TEST_RECAPTCHA_TOKEN },
          { apiBase: server.url, dealer: 'demo-dealer', fetch: sentFrom({ Origin: origin, ...freshAddress() }) },
        );
        expect(answer).toEqual({ ok: true, estimate: { min: shown.finalMin, max: shown.finalMax } });
        const stored = await withDatabaseOf(server, (q) => q.first(q.db.selectFrom('form_submission').select(['data', 'dealer_id']).where('form_name', '=', 'kitchen-estimator').orderBy('id', 'desc')));
        expect(stored!.dealer_id).toBe('demo-dealer');
        expect(JSON.parse(stored!.data).estimateTotal).toBe(shown.display.final);
        sends++;
      }),
      { numRuns: 40 },
    );
    expect(sends).toBeGreaterThan(20);
  });
});
