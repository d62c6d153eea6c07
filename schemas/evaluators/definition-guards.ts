/**
 * Checks a definition a browser received (an estimator template or pricing file fetched by a widget,
 * a form inside a page) with the validators generated at build time, so no bundle compiles a schema
 * at run time. The server has already checked its own content folder; these guard against a stale
 * cache or a different server version.
 */
import type { EstimatorPricing } from '../estimator/estimator-pricing.schema';
import type { EstimatorTemplate } from '../estimator/estimator-template.schema';
import type { FormDefinition } from '../forms/form.schema';
import type { PopupDefinition } from '../forms/popup.schema';
import { validateEstimatorPricing } from '../generated/estimator-pricing.validator.js';
import { validateEstimatorTemplate } from '../generated/estimator-template.validator.js';
import { validateForm } from '../generated/form.validator.js';
import { validatePopup } from '../generated/popup.validator.js';

export const isFormDefinition = (data: unknown): data is FormDefinition => validateForm(data) === true;
export const isPopupDefinition = (data: unknown): data is PopupDefinition => validatePopup(data) === true;
export const isEstimatorTemplate = (data: unknown): data is EstimatorTemplate => validateEstimatorTemplate(data) === true;
export const isEstimatorPricing = (data: unknown): data is EstimatorPricing => validateEstimatorPricing(data) === true;

/** Where the last check failed, as "pointer message" lines, for a console warning. */
export function lastProblems(kind: 'form' | 'popup' | 'estimator-template' | 'estimator-pricing'): string[] {
  const validate = { form: validateForm, popup: validatePopup, 'estimator-template': validateEstimatorTemplate, 'estimator-pricing': validateEstimatorPricing }[kind];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is not valid'}`);
}
