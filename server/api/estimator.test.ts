/**
 * @engines sqlite: the estimator's range is the server's arithmetic.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EstimatorPricing } from '../../schemas/estimator/estimator-pricing.schema';
import type { EstimatorTemplate } from '../../schemas/estimator/estimator-template.schema';
import { estimatePrice } from '../../schemas/evaluators/estimator-pricing';
import type { FormField } from '../../schemas/forms/form-field.schema';
import { estimatorTemplateEndpoint } from '../../schemas/api/catalog';
import { projectRoot } from '../build-output';
import { loadContent } from '../content/load-content';
import { findEstimator } from '../services/estimate-submission';
import { validatorOf } from '../http/contract';
import { TEST_RECAPTCHA_TOKEN } from '../services/recaptcha';
import { startTestServer, type TestServer } from '../testing/test-server';
import { bytesOf, freshAddress, postJson, postMultipart, proxiedTestEnv, withDatabaseOf } from './forms-test-kit';

const read = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(projectRoot, 'examples', 'site', file), 'utf8')) as T;
const template = read<EstimatorTemplate>('estimator/kitchen-estimator.json');
const pricing = read<EstimatorPricing>('data/estimator-pricing.json');
/** The catalog's numbers for the template's cabinet mix, as the server reads them. */
const cabinets = findEstimator(loadContent(path.join(projectRoot, 'examples', 'site')), 'kitchen-estimator')!.cabinets;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(proxiedTestEnv);
});
afterAll(async () => {
  await server?.stop();
});

/** What the server stored: a submission by id, an e-mail by its dedupe key, a table's row count. */
const submission = (id: number) => withDatabaseOf(server, (q) => q.first(q.db.selectFrom('form_submission').selectAll().where('id', '=', id)));
const mailOf = (dedupeKey: string) => withDatabaseOf(server, (q) => q.first(q.db.selectFrom('mail_outbox').selectAll().where('dedupe_key', '=', dedupeKey)));
const count = (table: 'form_submission' | 'mail_outbox') => withDatabaseOf(server, async (q) => (await q.first(q.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'))))!.n);

const values = {
  kitchenSize: 'medium',
  cabinetLine: 'assembled',
  doorStyle: 'shaker',
  finish: 'painted-white',
  countertop: 'quartz',
  backsplash: 'subway-tile',
  flooring: 'keep-existing',
  installation: 'yes',
  extras: ['crown-molding', 'wine-rack'],
  appliances: ['undermount-sink'],
  firstName: 'Rosa',
  lastName: 'Diaz',
  email: 'rosa.diaz@example.com',
  zip: '78701',
};

describe('GET /api/estimator', () => {
  it("lists the store's estimator templates by name and title, without their pricing or e-mail settings", async () => {
    const res = await fetch(`${server.url}/api/estimator`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ success: true, templates: [{ name: 'kitchen-estimator', title: 'Kitchen price estimator' }] });
    // Each listed name opens its template.
    expect((await fetch(`${server.url}/api/estimator/kitchen-estimator`)).status).toBe(200);
  });
});

describe('GET /api/estimator/{template}', () => {
  it('serves the template and its pricing with an ETag, and a 304 for a matching If-None-Match', async () => {
    const res = await fetch(`${server.url}/api/estimator/kitchen-estimator`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { template: EstimatorTemplate; pricing: EstimatorPricing };
    expect(body.template.name).toBe('kitchen-estimator');
    expect(body.pricing).toEqual(pricing);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${server.url}/api/estimator/kitchen-estimator`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it("serves the template's PDF logo through the API, for pages of other origins", async () => {
    const res = await fetch(`${server.url}/api/estimator/kitchen-estimator/logo`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toContain('<svg');
  });

  it('an unknown template is a 404 in the error shape', async () => {
    const res = await fetch(`${server.url}/api/estimator/no-such-estimator`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'estimator_not_found', message: 'There is no estimator of that name.' });
  });
});

describe('POST /api/forms/{estimator}', () => {
  it('stores and e-mails the range the server computed, ignoring the totalPrice the browser sent', async () => {
    const expected = estimatePrice(template.fields as FormField[], values, pricing, cabinets);
    expect(expected.display.final).not.toBe('$1.00 - $2.00');
    const res = await postJson(
      server.url,
      'kitchen-estimator',
      { formData: { ...values, estimateTotal: '$1.00 - $2.00' }, honeypot: '', recaptchaToken: TEST_RECAPTCHA_TOKEN, totalPrice: '$1.00 - $2.00', summary: [{ label: 'Estimated total', value: '$1.00 - $2.00' }], name: 'kitchen-estimator' },
      freshAddress(),
    );
    expect(res.status).toBe(201);
    expect((res.body as { data: { estimate: unknown } }).data.estimate).toEqual({ min: expected.finalMin, max: expected.finalMax });
    const id = (res.body as { data: { id: number } }).data.id;
    const row = await submission(id);
    expect(row!.form_name).toBe('kitchen-estimator');
    const data = JSON.parse(row!.data) as Record<string, unknown>;
    expect(data.estimateTotal).toBe(expected.display.final);
    expect(data.estimateMaterials).toBe(expected.display.product);
    expect(data.estimateLabor).toBe(expected.display.labor);
    expect(data.kitchenSize).toBe('medium');
    const mail = await mailOf(`form-notification:${id}`);
    expect(mail!.text).toContain(`Estimated total: ${expected.display.final}`);
    expect(mail!.text).toContain('Kitchen size: Medium');
    expect(mail!.text).not.toContain('$1.00 - $2.00');
    const page = await (await fetch(`${server.url}/dev/mail`)).text();
    expect(page).toContain(`#${id}`);
    // The visitor's copy repeats the store's words (choices, the server's range), never what they typed.
    const copy = await mailOf(`form-confirmation:${id}`);
    expect(copy!.recipient).toBe('rosa.diaz@example.com');
    expect(copy!.text).toContain(`Estimated total: ${expected.display.final}`);
    expect(copy!.text).toContain('Kitchen size: Medium');
    for (const typed of ['Rosa', 'Diaz', '78701', 'rosa.diaz@example.com']) expect(copy!.text).not.toContain(typed);
  });

  it('asks for the captcha: without a token that passes, nothing is stored and nobody is mailed', async () => {
    const before = [await count('form_submission'), await count('mail_outbox')];
    for (const recaptchaToken of [undefined, 'forged']) {
      const res = await postJson(server.url, 'kitchen-estimator', { formData: values, honeypot: '', ...(recaptchaToken ? { recaptchaToken } : {}) }, freshAddress());
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_failed', fields: { recaptchaToken: 'Please complete the reCAPTCHA verification' } });
    }
    expect([await count('form_submission'), await count('mail_outbox')]).toEqual(before);
  });

  it('takes an estimate with a floor plan as multipart, priced by the server, the file attached to the e-mail', async () => {
    const expected = estimatePrice(template.fields as FormField[], values, pricing, cabinets);
    const res = await postMultipart(
      server.url,
      'kitchen-estimator',
      { formData: values, honeypot: '', recaptchaToken: TEST_RECAPTCHA_TOKEN, totalPrice: '$0.00 - $1.00', summary: [], name: 'kitchen-estimator' },
      [{ field: 'floorPlan', name: 'plan.pdf', bytes: bytesOf('pdf', 2048), type: 'application/pdf' }],
      freshAddress(),
    );
    expect(res.status).toBe(201);
    const id = (res.body as { data: { id: number } }).data.id;
    const row = await submission(id);
    const data = JSON.parse(row!.data) as Record<string, unknown>;
    expect(data.estimateTotal).toBe(expected.display.final);
    expect(data.floorPlan).toEqual([expect.objectContaining({ name: 'plan.pdf' })]);
    const mail = await mailOf(`form-notification:${id}`);
    expect(mail!.text).toContain(`Estimated total: ${expected.display.final}`);
    expect(JSON.parse(mail!.attachments)).toEqual([expect.objectContaining({ filename: 'plan.pdf' })]);
  });

  it("attributes an estimate sent from the dealer's page to that dealer, in the row and the admin e-mail", async () => {
    const expected = estimatePrice(template.fields as FormField[], values, pricing, cabinets);
    const origin = new URL(server.dealerUrl).origin;
    const res = await postJson(server.url, 'kitchen-estimator', { formData: values, honeypot: '', recaptchaToken: TEST_RECAPTCHA_TOKEN }, { ...freshAddress(), Origin: origin, 'X-Showroom-Dealer': 'demo-dealer' });
    expect(res.status).toBe(201);
    const id = (res.body as { data: { id: number } }).data.id;
    const row = await submission(id);
    expect(row!.dealer_id).toBe('demo-dealer');
    expect(JSON.parse(row!.data)).toMatchObject({ estimateTotal: expected.display.final, estimateDealer: 'Riverside Home Center (demo-dealer)' });
    const mail = await mailOf(`form-notification:${id}`);
    expect(mail!.text).toContain('Dealer: Riverside Home Center (demo-dealer)');
    expect(mail!.text).toContain(`Estimated total: ${expected.display.final}`);
  });

  it("refuses an estimate naming a dealer from another origin, and stores nothing", async () => {
    const before = await count('form_submission');
    const res = await postJson(server.url, 'kitchen-estimator', { formData: values, honeypot: '', recaptchaToken: TEST_RECAPTCHA_TOKEN }, { ...freshAddress(), Origin: 'https://evil.example', 'X-Showroom-Dealer': 'demo-dealer' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'dealer_origin_refused' });
    expect(await count('form_submission')).toBe(before);
  });

  it('an estimate from the store\'s own pages has no dealer', async () => {
    const res = await postJson(server.url, 'kitchen-estimator', { formData: values, honeypot: '', recaptchaToken: TEST_RECAPTCHA_TOKEN }, freshAddress());
    const id = (res.body as { data: { id: number } }).data.id;
    const row = await submission(id);
    expect(row!.dealer_id).toBeNull();
    expect(JSON.parse(row!.data)).not.toHaveProperty('estimateDealer');
  });

  it('refuses an estimate with a required choice missing, in the error shape', async () => {
    const { cabinetLine: _omit, ...rest } = values;
    const res = await postJson(server.url, 'kitchen-estimator', { formData: rest, honeypot: '', recaptchaToken: TEST_RECAPTCHA_TOKEN }, freshAddress());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', fields: { cabinetLine: 'This field is required' } });
  });
});

describe('the estimator contracts', () => {
  it('a template answers what its contract says (a prepared text, which the response check of the tests does not read)', async () => {
    const res = await fetch(`${server.url}/api/estimator/kitchen-estimator`);
    const validate = validatorOf(estimatorTemplateEndpoint.responses[200]);
    expect(validate(await res.json()) ? [] : validate.errors).toEqual([]);
  });
});
