/**
 * The page block `{type: 'estimator', template: '<name>'}` (schemas/blocks/estimator.schema.ts): the
 * estimator of widgets/estimator/Estimator.tsx as an island. selectData (server only) picks the one
 * template and its pricing data from the content, so the server renders the whole estimator and
 * the island needs no request to start; sending goes to this site's /api/forms/{name}.
 */
import type { EstimatorBlock as EstimatorBlockDefinition } from '../../../schemas/blocks/estimator.schema';
import type { EstimatorPricing } from '../../../schemas/estimator/estimator-pricing.schema';
import { DEFAULT_PRICE_TEMPLATE, type EstimatorTemplate } from '../../../schemas/estimator/estimator-template.schema';
import { Estimator } from '../../../widgets/estimator/Estimator';
import { useIslandId } from '../../islands/use-island-id';
import '../../forms/forms.css';
import './EstimatorBlock.css';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { storeField } from '../store-data';

export interface EstimatorBlockData {
  template: EstimatorTemplate;
  pricing: EstimatorPricing;
}

export function selectEstimatorData(block: EstimatorBlockDefinition, ctx: Pick<BlockDataContext, 'store'>): EstimatorBlockData | null {
  const estimators = storeField<Record<string, EstimatorTemplate>>(ctx.store, 'estimators') ?? {};
  const template = Object.prototype.hasOwnProperty.call(estimators, block.template) ? estimators[block.template] : Object.values(estimators).find((t) => t.name === block.template);
  if (!template) return null;
  const pricing = storeField<Record<string, EstimatorPricing>>(ctx.store, 'estimatorPricing')?.[template.priceTemplate ?? DEFAULT_PRICE_TEMPLATE];
  return pricing ? { template, pricing } : null;
}

export function EstimatorBlock({ block, data }: BlockProps<EstimatorBlockDefinition, EstimatorBlockData | null>) {
  const id = useIslandId();
  // An unknown template or pricing file: the content check reports it; the page goes on without it (001 §8).
  if (!data) return null;
  return (
    <div id={block.id} className={`sr-estimator-block ${block.className ?? ''}`.trim()}>
      <Estimator template={data.template} pricing={data.pricing} idPrefix={id} />
    </div>
  );
}
