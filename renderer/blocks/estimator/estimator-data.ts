/**
 * The estimator block's data, picked on the server (selectData): the template the block names and
 * its pricing data. Kept out of the island's module so the browser never loads the schema code.
 */
import type { EstimatorBlock } from '../../../schemas/blocks/estimator.schema';
import type { EstimatorPricing } from '../../../schemas/estimator/estimator-pricing.schema';
import { DEFAULT_PRICE_TEMPLATE, type EstimatorTemplate } from '../../../schemas/estimator/estimator-template.schema';
import type { BlockDataContext } from '../block-definition';
import { storeField } from '../store-data';

export interface EstimatorBlockData {
  template: EstimatorTemplate;
  pricing: EstimatorPricing;
  /** RECAPTCHA_SITE_KEY, for a template with googleReCaptcha (none: the offline test captcha). */
  recaptchaSiteKey?: string;
}

export function selectEstimatorData(block: EstimatorBlock, ctx: Pick<BlockDataContext, 'store'>): EstimatorBlockData | null {
  const estimators = storeField<Record<string, EstimatorTemplate>>(ctx.store, 'estimators') ?? {};
  const template = Object.prototype.hasOwnProperty.call(estimators, block.template) ? estimators[block.template] : Object.values(estimators).find((t) => t.name === block.template);
  if (!template) return null;
  const pricing = storeField<Record<string, EstimatorPricing>>(ctx.store, 'estimatorPricing')?.[template.priceTemplate ?? DEFAULT_PRICE_TEMPLATE];
  if (!pricing) return null;
  const siteKey = template.googleReCaptcha ? storeField<string>(ctx.store, 'recaptchaSiteKey') : undefined;
  return { template, pricing, ...(siteKey ? { recaptchaSiteKey: siteKey } : {}) };
}
