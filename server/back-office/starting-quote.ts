/**
 * An estimate gives the designer a starting quote: when a visitor sends an estimate of a template
 * with a cabinet mix, the store saves a draft quote of the catalog lines of the mix the visitor's
 * size and layout chose, in the mix's low-end style and finish (the low end of the range the visitor
 * saw), linked to the lead (`quote.lead_id`, one quote per estimate). The server decides all of it
 * from its own content: the visitor sends only answers, never a line or a price, and learns nothing
 * of the draft (no id, no link); the designer finds it from the lead in the back office.
 */
import type { CabinetMixPricing } from '../../schemas/evaluators/cabinet-mix';
import { mixFor } from '../../schemas/evaluators/cabinet-mix';
import type { FieldValue } from '../../schemas/evaluators/field-values';
import { valueList } from '../../schemas/evaluators/field-values';
import type { EstimatorTemplate } from '../../schemas/estimator/estimator-template.schema';
import type { KitchenCatalog } from '../../schemas/catalog/kitchen-catalog';
import type { QuoteRow } from '../services/quote-service';
import { buildQuote, type QuoteBuilderDeps, type QuoteInput } from './quote-builder';

/** The room the starting quote's lines are grouped under. */
export const STARTING_QUOTE_GROUP = 'Kitchen';

const text = (v: FieldValue | undefined, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/** The draft a set of checked answers makes, or null when the template has no mix or the answers choose none. */
export function startingQuoteInput(template: EstimatorTemplate, cabinets: CabinetMixPricing | undefined, kitchen: KitchenCatalog, answers: Readonly<Record<string, FieldValue>>, leadId: number): QuoteInput | null {
  const mix = template.cabinetMix;
  if (!mix || !cabinets) return null;
  const size = valueList(answers[mix.sizeField])[0];
  const layout = mix.layoutField ? valueList(answers[mix.layoutField])[0] : undefined;
  const chosen = size === undefined ? undefined : mixFor(mix.mixes, size, layout);
  if (!chosen) return null;
  const lines = chosen.cabinets.flatMap(({ code, qty }) => {
    const cabinet = kitchen.cabinet(mix.low.style, code);
    return cabinet ? [{ sku: cabinet.sku, qty, finish: { type: mix.low.finish.type, value: mix.low.finish.value }, group: STARTING_QUOTE_GROUP }] : [];
  });
  if (lines.length === 0) return null;
  return {
    draft: true,
    customer: { firstName: text(answers.firstName, 100), lastName: text(answers.lastName, 100), email: text(answers.email, 254), phone: text(answers.phone, 40) },
    lines,
    notes: `Starting quote from estimate #${leadId}: the usual cabinets of a ${size}${layout ? ` ${layout}` : ''} kitchen, in the estimate's low-end style and finish.`,
  };
}

/** Saves the lead's starting quote (a draft); null when the estimate makes none. */
export async function saveStartingQuote(deps: QuoteBuilderDeps, template: EstimatorTemplate, cabinets: CabinetMixPricing | undefined, answers: Readonly<Record<string, FieldValue>>, leadId: number): Promise<QuoteRow | null> {
  const input = startingQuoteInput(template, cabinets, deps.catalog.kitchen, answers, leadId);
  if (!input) return null;
  // An editor's rights: catalog lines only, no free line, no discount.
  return (await buildQuote(deps, input, { role: 'editor' }, { lead_id: leadId })).quote;
}
