import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { validateEstimatorPricing } from '../schemas/generated/estimator-pricing.validator.js';
import { validateEstimatorTemplate } from '../schemas/generated/estimator-template.validator.js';
import { validateForm } from '../schemas/generated/form.validator.js';
import { validatePopup } from '../schemas/generated/popup.validator.js';
import { definitionSchemas } from '../schemas/index';
import { generatedDir, validatorFiles } from './build-validators';

const site = path.resolve('examples/site');
const read = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(site, file), 'utf8')) as Record<string, unknown>;
const ajv = new Ajv({ allErrors: true, discriminator: true, strict: true, allowUnionTypes: true });
const compiled = (name: keyof typeof definitionSchemas): ValidateFunction => ajv.getSchema(definitionSchemas[name].$id) ?? ajv.compile(definitionSchemas[name]);

/** A deep copy of a definition with one change. */
function broken(data: Record<string, unknown>, change: (d: any) => void): Record<string, unknown> {
  const copy = structuredClone(data);
  change(copy);
  return copy;
}

describe('build-time validators (schemas/generated)', () => {
  it('are up to date with the schemas (npm run build:validators)', () => {
    for (const [file, text] of Object.entries(validatorFiles())) {
      expect(fs.readFileSync(path.join(generatedDir, file), 'utf8'), file).toBe(text);
    }
  });

  it('compile nothing at run time and import nothing', () => {
    for (const file of Object.keys(validatorFiles()).filter((f) => f.endsWith('.js'))) {
      const code = fs.readFileSync(path.join(generatedDir, file), 'utf8');
      expect(code.includes('new Function'), file).toBe(false);
      expect(/\beval\(/.test(code), file).toBe(false);
      expect(/\brequire\(|^import /m.test(code), file).toBe(false);
    }
  });

  const form = read('forms/contact.json');
  const multiStep = read('forms/free-kitchen-design.json');
  const popup = read('popups/newsletter.json');
  const template = read('estimator/kitchen-estimator.json');
  const pricing = read('data/estimator-pricing.json');

  const cases: [string, ValidateFunction, keyof typeof definitionSchemas, Record<string, unknown>][] = [
    ['contact form', validateForm, 'form', form],
    ['multi-step form', validateForm, 'form', multiStep],
    ['form without a name', validateForm, 'form', broken(form, (d) => delete d.name)],
    ['misspelt field property', validateForm, 'form', broken(form, (d) => (d.fields[0].lable = 'x'))],
    ['unknown field type', validateForm, 'form', broken(form, (d) => (d.fields[0].type = 'colour'))],
    ['group inside a group', validateForm, 'form', broken(read('forms/claim.json'), (d) => d.fields[0].fields.push({ name: 'g', type: 'group', fields: [] }))],
    ['hideWhen without equals', validateForm, 'form', broken(form, (d) => (d.fields[5].hideWhen = { field: 'topic' }))],
    ['step without fields', validateForm, 'form', broken(multiStep, (d) => delete d.steps[1].fields)],
    ['too-short maxLength', validateForm, 'form', broken(form, (d) => (d.fields[0].maxLength = 0))],
    ['newsletter popup', validatePopup, 'popup', popup],
    ['bad time string', validatePopup, 'popup', broken(popup, (d) => (d.cookieExpiry = '7 days'))],
    ['unknown component', validatePopup, 'popup', broken(popup, (d) => d.components.push({ type: 'video' }))],
    ['bad layout', validatePopup, 'popup', broken(popup, (d) => (d.layout = 'left'))],
    ['kitchen estimator', validateEstimatorTemplate, 'estimator-template', template],
    ['section that is not a group', validateEstimatorTemplate, 'estimator-template', broken(template, (d) => (d.fields[0].type = 'text'))],
    ['section layout', validateEstimatorTemplate, 'estimator-template', broken(template, (d) => (d.fields[0].layout = 'tabs'))],
    ['next without a path', validateEstimatorTemplate, 'estimator-template', broken(template, (d) => delete d.fields[0].actions.next.path)],
    ['summary row without fields', validateEstimatorTemplate, 'estimator-template', broken(template, (d) => delete d.summary.breakdowns[0].items[0].fields)],
    ['pricing data', validateEstimatorPricing, 'estimator-pricing', pricing],
    ['entry without max', validateEstimatorPricing, 'estimator-pricing', broken(pricing, (d) => delete d.backsplash.none.price.max)],
    ['nested entry misspelt', validateEstimatorPricing, 'estimator-pricing', broken(pricing, (d) => (d.doorStyle.rta.shaker.labr = { min: 0, max: 0 }))],
    ['negative price', validateEstimatorPricing, 'estimator-pricing', broken(pricing, (d) => (d.extras['wine-rack'].price.min = -1))],
  ];

  it.each(cases)('agree with the server on: %s', (_label, generated, schemaName, data) => {
    const server = compiled(schemaName);
    const serverValid = server(data);
    expect(generated(data)).toBe(serverValid);
    const paths = (errors: ValidateFunction['errors']) => [...new Set((errors ?? []).map((e) => e.instancePath))].sort();
    if (!serverValid) expect(paths(generated.errors)).toEqual(paths(server.errors));
  });

  it('accept the demo definitions and refuse each broken one', () => {
    const verdicts = cases.map(([label, generated, , data]) => [label, generated(data)]);
    expect(verdicts.filter(([, ok]) => ok).map(([label]) => label)).toEqual(['contact form', 'multi-step form', 'newsletter popup', 'kitchen estimator', 'pricing data']);
  });
});
