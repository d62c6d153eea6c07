// The range a visitor sees is the range the store keeps (fast-check): for random answers to the demo
// kitchen estimator, the browser's live range (estimatePrice over the form's values) equals the range
// the server computes from what the browser sends (checkSubmission, postEstimate's envelope as it
// goes over the wire, then priceEstimate), to the cent.
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimatePrice } from '../../schemas/evaluators/estimator-pricing';
import { checkSubmission } from '../../schemas/evaluators/form-submission';
import { inputFields } from '../../schemas/evaluators/visibility';
import type { FormField } from '../../schemas/forms/form-field.schema';
import { postEstimate } from '../../widgets/estimator/estimate-post';
import { projectRoot } from '../build-output';
import { loadContent } from '../content/load-content';
import { findEstimator, priceEstimate } from './estimate-submission';

const content = loadContent(path.join(projectRoot, 'examples', 'site'));
const entry = findEstimator(content, 'kitchen-estimator')!;
const fields = entry.template.fields as FormField[];
const choices = inputFields(fields).filter((f) => f.options?.length);

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
  it("is the same in the browser and on the server for any answers, to the cent", async () => {
    await fc.assert(
      fc.asyncProperty(answers, async (raw) => {
        const values = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)) as Record<string, string | string[]>;
        const browser = estimatePrice(fields, values, entry.pricing);
        const server = priceEstimate(entry, await wireFormData(values));
        expect([server.finalMin, server.finalMax, server.min, server.max]).toEqual([browser.finalMin, browser.finalMax, browser.min, browser.max]);
      }),
      { numRuns: 300 },
    );
  });
});
