/**
 * The page block `{type: 'estimator', template: '<name>'}` (schemas/blocks/estimator.schema.ts): the
 * estimator of widgets/estimator/Estimator.tsx as an island. Its selectData (./estimator-data.ts,
 * server only) picks the one template and its pricing data from the content, so the server renders
 * the whole estimator and the island needs no request to start; sending goes to this site's
 * /api/forms/{name}.
 */
import type { EstimatorBlock as EstimatorBlockDefinition } from '../../../schemas/blocks/estimator.schema';
import { Estimator } from '../../../widgets/estimator/Estimator';
import { estimatorLayoutCss } from '../../../widgets/estimator/estimator-layout.css';
import { useIslandId } from '../../islands/use-island-id';
import '../../forms/forms.css';
import './EstimatorBlock.css';
import type { BlockProps } from '../block-definition';
import type { EstimatorBlockData } from './estimator-data';

export function EstimatorBlock({ block, data }: BlockProps<EstimatorBlockDefinition, EstimatorBlockData | null>) {
  const id = useIslandId();
  // An unknown template or pricing file: the content check reports it; the page goes on without it.
  if (!data) return null;
  return (
    <div id={block.id} className={`sr-estimator-block ${block.className ?? ''}`.trim()}>
      {/* The element's own layout rules, one source for both (the page's style-src allows inline styles). */}
      <style dangerouslySetInnerHTML={{ __html: estimatorLayoutCss }} />
      <Estimator template={data.template} pricing={data.pricing} {...(data.cabinets ? { cabinets: data.cabinets } : {})} idPrefix={id} {...(data.recaptchaSiteKey ? { recaptchaSiteKey: data.recaptchaSiteKey } : {})} />
    </div>
  );
}
