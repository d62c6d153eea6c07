/**
 * Estimates sent through POST /api/forms/{name}: an estimator template is a form whose fields are
 * its sections. The browser sends `totalPrice` and `summary` rows with the values (the
 * specification's wire format), but money is the server's to decide (ARCHITECTURE.md, "Money and
 * trust"): those are ignored, and the estimate is priced again here from the submitted values with
 * the same evaluator the browser ran (schemas/evaluators/estimator-pricing.ts). The range is stored
 * and e-mailed as hidden-type fields of a per-request form definition, so the existing submission
 * pipeline (checks, storage, uploads, e-mails) carries it unchanged: a hidden-type field always
 * keeps the definition's value, whatever a browser sends under its name.
 */
import { cabinetMixPricing } from '../../schemas/catalog/kitchen-catalog';
import type { EstimatorPricing } from '../../schemas/estimator/estimator-pricing.schema';
import type { CabinetMixPricing } from '../../schemas/evaluators/cabinet-mix';
import { DEFAULT_PRICE_TEMPLATE, type EstimatorTemplate } from '../../schemas/estimator/estimator-template.schema';
import type { FieldValue, FormValues } from '../../schemas/evaluators/field-values';
import { estimatePrice, summarizeEstimate, type PriceResult } from '../../schemas/evaluators/estimator-pricing';
import { checkSubmission } from '../../schemas/evaluators/form-submission';
import type { FormField, InputField } from '../../schemas/forms/form-field.schema';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import type { Content } from '../content/load-content';

export interface EstimatorEntry {
  template: EstimatorTemplate;
  pricing: EstimatorPricing;
  /** A template with a cabinet mix: the catalog's numbers that price it. */
  cabinets?: CabinetMixPricing;
}

/** Names of the stored fields that carry the server's range. */
export const ESTIMATE_FIELDS = { product: 'estimateMaterials', labor: 'estimateLabor', total: 'estimateTotal', dealer: 'estimateDealer' } as const;

/** The dealer an estimate is attributed to: the one the server checked the request's origin against. */
export interface EstimateDealer {
  id: string;
  name: string;
}

/** The estimator of that name (its file name, or the template's own `name`) with its pricing data. */
export function findEstimator(content: Content, name: string): EstimatorEntry | undefined {
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(name)) return undefined;
  const own = Object.prototype.hasOwnProperty.call(content.estimators, name) ? content.estimators[name] : undefined;
  const template = own ?? Object.values(content.estimators).find((t) => t.name === name);
  if (!template) return undefined;
  const pricing = content.estimatorPricing[template.priceTemplate ?? DEFAULT_PRICE_TEMPLATE];
  if (!pricing) return undefined;
  return template.cabinetMix ? { template, pricing, cabinets: cabinetMixPricing(template.cabinetMix, content.kitchen) } : { template, pricing };
}

/** The template as a form without a price: what the request reader checks the body against. */
export function estimatorForm(template: EstimatorTemplate, extra: readonly FormField[] = []): FormDefinition {
  const form: FormDefinition = { name: template.name, fields: [...(template.fields as FormField[]), ...extra] };
  if (template.title !== undefined) form.title = template.title;
  if (template.description !== undefined) form.description = template.description;
  if (template.emailNotifications !== undefined) form.emailNotifications = template.emailNotifications;
  // The captcha guards the estimate's confirmation to the typed address, as on any form.
  if (template.googleReCaptcha !== undefined) form.googleReCaptcha = template.googleReCaptcha;
  if (template.metadata !== undefined) form.metadata = template.metadata;
  return form;
}

function fixedField(name: string, label: string, value: string): InputField {
  return { name, type: 'hidden', label, value } as InputField;
}

/** Only the shapes a field value may have; anything else is left for the submission check to refuse. */
function plainValues(formData: unknown): FormValues {
  const out: Record<string, FieldValue> = {};
  if (typeof formData !== 'object' || formData === null || Array.isArray(formData)) return out;
  for (const [k, v] of Object.entries(formData as Record<string, unknown>)) {
    if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number' || (Array.isArray(v) && v.every((x) => typeof x === 'string'))) out[k] = v as FieldValue;
  }
  return out;
}

/** The submitted values as the submission pipeline keeps them: the visible fields' answers (files aside). */
export function checkedAnswers(entry: EstimatorEntry, formData: unknown): Record<string, FieldValue> {
  return checkSubmission(estimatorForm(entry.template), plainValues(formData)).values;
}

/** The server's price of the submitted values. */
export function priceEstimate(entry: EstimatorEntry, formData: unknown): PriceResult {
  return estimatePrice(entry.template.fields as FormField[], plainValues(formData), entry.pricing, entry.cabinets);
}

/**
 * The form a submitted estimate is stored with: the template's sections plus hidden-type fields
 * holding the server-computed summary rows and totals ('$min - $max'), and, from a dealer's page,
 * the dealer (so the admin e-mail names who brought the estimate; the row's dealer_id holds the id).
 */
export function formWithServerEstimate(entry: EstimatorEntry, formData: unknown, dealer?: EstimateDealer): { form: FormDefinition; price: PriceResult } {
  const price = priceEstimate(entry, formData);
  const summary = summarizeEstimate(entry.template.summary, price);
  const fields: InputField[] = [];
  for (const b of summary.breakdowns) for (const row of b.items) fields.push(fixedField(`estimate_${row.name}`, `${b.label}: ${row.label}`, row.display));
  fields.push(fixedField(ESTIMATE_FIELDS.product, summary.productTotal?.label ?? 'Materials', price.display.product));
  fields.push(fixedField(ESTIMATE_FIELDS.labor, summary.laborTotal?.label ?? 'Labor', price.display.labor));
  fields.push(fixedField(ESTIMATE_FIELDS.total, summary.grandTotal?.label ?? 'Estimated total', price.display.final));
  if (dealer) fields.push(fixedField(ESTIMATE_FIELDS.dealer, 'Dealer', `${dealer.name} (${dealer.id})`));
  return { form: estimatorForm(entry.template, fields), price };
}
