/**
 * What <showroom-estimator> renders: 'Loading...' until GET /api/estimator/{template} answers, then
 * the estimator, whose changes and sendings become showroom:* events on the element.
 */
import { useEffect, useState } from 'react';
import type { EstimatorPricing } from '../../schemas/estimator/estimator-pricing.schema';
import type { EstimatorTemplate } from '../../schemas/estimator/estimator-template.schema';
import type { CabinetMixPricing } from '../../schemas/evaluators/cabinet-mix';
import type { ShowroomElementContext } from '../element-base/define-showroom-element';
import { ElementMessage } from '../element-base/element-message';
import { REFUSAL_CODES } from '../dealer-refusal';
import { Estimator } from './Estimator';
import { estimatorSpec } from './estimator.spec';
import { emitShowroomEvent } from '../showroom-events';

type Load = { state: 'loading' } | { state: 'error'; reason: string } | { state: 'ready'; template: EstimatorTemplate; pricing: EstimatorPricing; cabinets?: CabinetMixPricing | undefined };

export function EstimatorElement({ api, apiBase, dealer, element, template, recaptchaSiteKey }: ShowroomElementContext & { template?: string; recaptchaSiteKey?: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    if (!template) return;
    let current = true;
    setLoad({ state: 'loading' });
    api.get<{ template: EstimatorTemplate; pricing: EstimatorPricing; cabinets?: CabinetMixPricing }>(`/api/estimator/${encodeURIComponent(template)}`).then(
      (answer) => current && setLoad({ state: 'ready', template: answer.template, pricing: answer.pricing, cabinets: answer.cabinets }),
      (err: { status?: number; code?: string; message?: string }) => {
        // A load failure is logged; the element also says why in place of itself. A refusal
        // of the page is said on the console once for all elements (dealer-refusal.ts).
        if (!REFUSAL_CODES.has(err.code ?? '')) console.error(`<showroom-estimator>: template "${template}" could not be loaded`, err);
        if (current) setLoad({ state: 'error', reason: err.status === 404 ? `There is no estimator template named "${template}".` : (err.message ?? 'The estimator could not be loaded.') });
      },
    );
    return () => {
      current = false;
    };
  }, [api, template]);

  if (!template) return <ElementMessage tagName={estimatorSpec.tagName} title="please check its configuration." reasons={['The template attribute is required.']} />;
  if (load.state === 'loading') return <p className="sr-status">Loading...</p>;
  if (load.state === 'error') return <ElementMessage tagName={estimatorSpec.tagName} title="the estimator could not be loaded." reasons={[load.reason]} />;
  return (
    <Estimator
      key={template}
      template={load.template}
      pricing={load.pricing}
      cabinets={load.cabinets}
      idPrefix={`showroom-estimator-${template}`}
      transport={{ apiBase, dealer }}
      {...(recaptchaSiteKey ? { recaptchaSiteKey } : {})}
      logoUrl={load.template.pdf?.logo ? `${apiBase.replace(/\/$/, '')}/api/estimator/${encodeURIComponent(template)}/logo` : undefined}
      onEstimateChanged={(range) => emitShowroomEvent(element, 'showroom:estimate-changed', { template, range })}
      onEstimateSubmitted={(range) => emitShowroomEvent(element, 'showroom:estimate-submitted', { template, range })}
    />
  );
}
