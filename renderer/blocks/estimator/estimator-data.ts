/**
 * The estimator block's data, picked on the server (selectData): the template the block names and
 * its pricing data. Kept out of the island's module so the browser never loads the schema code.
 */
import type { EstimatorBlock } from '../../../schemas/blocks/estimator.schema';
import { cabinetMixPricing, type KitchenCatalog } from '../../../schemas/catalog/kitchen-catalog';
import type { EstimatorPricing } from '../../../schemas/estimator/estimator-pricing.schema';
import type { CabinetMixPricing } from '../../../schemas/evaluators/cabinet-mix';
import { DEFAULT_PRICE_TEMPLATE, type EstimatorTemplate } from '../../../schemas/estimator/estimator-template.schema';
import type { BlockDataContext } from '../block-definition';
import { storeField } from '../store-data';

export interface EstimatorBlockData {
  template: EstimatorTemplate;
  pricing: EstimatorPricing;
  /** A template with a cabinet mix: the catalog's numbers that price it (the server prices with the same). */
  cabinets?: CabinetMixPricing;
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
  const kitchen = storeField<KitchenCatalog>(ctx.store, 'kitchen');
  const cabinets = template.cabinetMix && kitchen ? cabinetMixPricing(template.cabinetMix, kitchen) : undefined;
  return { template, pricing, ...(cabinets ? { cabinets } : {}), ...(siteKey ? { recaptchaSiteKey: siteKey } : {}) };
}
