/**
 * An estimate gives the designer a starting quote: when a visitor sends an estimate of a template
 * with a cabinet mix, the store saves a draft quote that follows the answers, linked to the lead
 * (`quote.lead_id`, one quote per estimate): the catalog lines of the mix the visitor's size and
 * layout chose, in the low-end style, in the finish their finish answer names; the countertop they
 * chose at the size's usual square feet; and the services their answers add (installation, one per
 * cabinet; backsplash tiling by the size's usual feet). What maps an answer to a catalog line is the
 * template's `cabinetMix.startingQuote`.
 *
 * The draft's note is the store's, never the customer's (`internalNotes`): where the answers came
 * from, and whether the start lands within the estimate's range the visitor saw; when it does not,
 * why (what the estimate counts that the catalog does not sell, such as flooring or extras), so the
 * designer adds it. The server decides all of it from its own content: the visitor sends only
 * answers, never a line or a price, and learns nothing of the draft (no id, no link).
 */
import type { CabinetMixPricing } from '../../schemas/evaluators/cabinet-mix';
import { mixFor } from '../../schemas/evaluators/cabinet-mix';
import type { FieldValue } from '../../schemas/evaluators/field-values';
import { valueList } from '../../schemas/evaluators/field-values';
import type { EstimatorTemplate } from '../../schemas/estimator/estimator-template.schema';
import type { KitchenCatalog } from '../../schemas/catalog/kitchen-catalog';
import { formatMoney, toDollars } from '../../schemas/money';
import type { PriceResult } from '../../schemas/evaluators/estimator-pricing';
import { currentOptions, placeFields } from '../../schemas/evaluators/visibility';
import type { FormField } from '../../schemas/forms/form-field.schema';
import type { QuoteRow } from '../services/quote-service';
import { buildQuote, priceRequest, type QuoteBuilderDeps, type QuoteInput } from './quote-builder';

/** The room the starting quote's lines are grouped under. */
export const STARTING_QUOTE_GROUP = 'Kitchen';

/** The estimate's range the visitor saw, in dollars, and the priced questions that made it. */
export interface EstimateSeen {
  min: number;
  max: number;
  /** The questions the estimate priced, by name, with their labels and the answers' labels. */
  priced: readonly { name: string; label: string; answer: string }[];
}

const text = (v: FieldValue | undefined, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

type Line = QuoteInput['lines'][number];

/** The lines the answers choose beside the cabinets, and the questions they took. */
function answerLines(template: EstimatorTemplate, kitchen: KitchenCatalog, answers: Readonly<Record<string, FieldValue>>, size: string, cabinetCount: number) {
  const start = template.cabinetMix?.startingQuote;
  const lines: Line[] = [];
  const taken = new Set<string>();
  if (!start) return { lines, taken };
  const answerOf = (field: string | undefined) => (field ? valueList(answers[field]) : []);
  const countertop = start.countertops?.find((c) => answerOf(start.countertopField).includes(c.answer));
  const sqft = start.countertopSqft?.find((s) => s.size === size)?.sqft;
  if (countertop && sqft && kitchen.find(countertop.sku)?.kind === 'countertop') {
    lines.push({ sku: countertop.sku, sqft, group: STARTING_QUOTE_GROUP });
    taken.add(start.countertopField!);
  }
  for (const service of start.services ?? []) {
    const entry = kitchen.find(service.sku);
    if (entry?.kind !== 'service' || !answerOf(service.field).some((a) => service.answers.includes(a))) continue;
    const feet = service.feetBySize?.find((f) => f.size === size)?.feet;
    if (entry.unit === 'linear-foot') {
      if (feet === undefined) continue;
      lines.push({ sku: service.sku, feet, group: STARTING_QUOTE_GROUP });
    } else lines.push({ sku: service.sku, qty: service.perCabinet ? Math.min(cabinetCount, 999) : 1, group: STARTING_QUOTE_GROUP });
    taken.add(service.field);
  }
  return { lines, taken };
}

/** The store's note on a start: where it came from, and how it stands against the estimate. */
function internalNote(leadId: number, words: string, subtotalCents: number | null, estimate: EstimateSeen | undefined, taken: ReadonlySet<string>): string {
  const parts = [`Starting quote from estimate #${leadId}: ${words}.`];
  if (!estimate || subtotalCents === null) return parts.join(' ');
  const start = toDollars(subtotalCents);
  const range = `${formatMoney(estimate.min)} – ${formatMoney(estimate.max)}`;
  if (start >= estimate.min && start <= estimate.max) {
    parts.push(`Its subtotal, ${formatMoney(start)}, is within the estimate's range the visitor saw (${range}).`);
    return parts.join(' ');
  }
  parts.push(`Its subtotal, ${formatMoney(start)}, is ${start < estimate.min ? 'below' : 'above'} the estimate's range the visitor saw (${range}).`);
  const missing = estimate.priced.filter((p) => !taken.has(p.name));
  if (missing.length) parts.push(`The estimate also counts what the catalog does not quote from the answers: ${missing.map((p) => `${p.label} (${p.answer})`).join('; ')}; and its labor. Add them as lines before sending.`);
  else if (start < estimate.min) parts.push("The estimate's range includes labor, which the catalog's lines do not.");
  return parts.join(' ');
}

/** The draft a set of checked answers makes, or null when the template has no mix or the answers choose none. */
export function startingQuoteInput(
  template: EstimatorTemplate,
  cabinets: CabinetMixPricing | undefined,
  kitchen: KitchenCatalog,
  answers: Readonly<Record<string, FieldValue>>,
  leadId: number,
  estimate?: EstimateSeen,
  subtotalOf?: (lines: QuoteInput['lines']) => number,
): QuoteInput | null {
  const mix = template.cabinetMix;
  if (!mix || !cabinets) return null;
  const size = valueList(answers[mix.sizeField])[0];
  const layout = mix.layoutField ? valueList(answers[mix.layoutField])[0] : undefined;
  const chosen = size === undefined ? undefined : mixFor(mix.mixes, size, layout);
  if (!chosen || size === undefined) return null;
  const start = mix.startingQuote;
  const finishAnswer = start?.finishField ? valueList(answers[start.finishField])[0] : undefined;
  const named = start?.finishes?.find((f) => f.answer === finishAnswer)?.finish;
  const cabinetLines = chosen.cabinets.flatMap(({ code, qty }) => {
    const cabinet = kitchen.cabinet(mix.low.style, code);
    if (!cabinet) return [];
    // The finish the answer names, where the style offers it; else the estimate's low end.
    const offered = named && cabinet.finishes.some((f) => f.type === named.type && f.value === named.value) ? named : mix.low.finish;
    return [{ sku: cabinet.sku, qty, finish: { type: offered.type, value: offered.value }, group: STARTING_QUOTE_GROUP }];
  });
  if (cabinetLines.length === 0) return null;
  const count = cabinetLines.reduce((n, l) => n + l.qty, 0);
  const extra = answerLines(template, kitchen, answers, size, count);
  const taken = new Set([mix.sizeField, ...(mix.layoutField ? [mix.layoutField] : []), ...(named && start?.finishField ? [start.finishField] : []), ...extra.taken]);
  const lines = [...cabinetLines, ...extra.lines];
  const words = `the usual cabinets of a ${size}${layout ? ` ${layout}` : ''} kitchen in the ${mix.low.style} style${named ? `, in the finish the visitor chose (${finishAnswer})` : ", in the estimate's low-end finish"}${extra.lines.length ? ', with the countertop and services the answers chose' : ''}`;
  return {
    draft: true,
    customer: { firstName: text(answers.firstName, 100), lastName: text(answers.lastName, 100), email: text(answers.email, 254), phone: text(answers.phone, 40) },
    lines,
    internalNotes: internalNote(leadId, words, subtotalOf ? subtotalOf(lines) : null, estimate, taken),
  };
}

/** The estimate the visitor saw: its range, and each priced question with its label and answer as the form words them. */
export function estimateSeen(template: EstimatorTemplate, answers: Readonly<Record<string, FieldValue>>, price: PriceResult): EstimateSeen {
  const priced: { name: string; label: string; answer: string }[] = [];
  for (const { field } of placeFields(template.fields as FormField[])) {
    const row = price.breakdown[field.name];
    if (!row || (row.totalMax === 0 && row.totalMin === 0)) continue;
    const options = currentOptions(field, answers);
    const labels = valueList(answers[field.name]).map((v) => options.find((o) => o.value === v)?.label ?? v);
    priced.push({ name: field.name, label: field.label || field.name, answer: labels.join(', ') });
  }
  return { min: price.finalMin, max: price.finalMax, priced };
}

/** Saves the lead's starting quote (a draft); null when the estimate makes none. */
export async function saveStartingQuote(
  deps: QuoteBuilderDeps,
  template: EstimatorTemplate,
  cabinets: CabinetMixPricing | undefined,
  answers: Readonly<Record<string, FieldValue>>,
  leadId: number,
  price?: PriceResult,
): Promise<QuoteRow | null> {
  const subtotalOf = (lines: QuoteInput['lines']) => priceLines(deps, lines);
  const input = startingQuoteInput(template, cabinets, deps.catalog.kitchen, answers, leadId, price && estimateSeen(template, answers, price), subtotalOf);
  if (!input) return null;
  // An editor's rights: catalog lines only, no free line, no discount.
  return (await buildQuote(deps, input, { role: 'editor' }, { lead_id: leadId })).quote;
}

/** The lines' subtotal in cents, as the builder prices them. */
function priceLines(deps: QuoteBuilderDeps, lines: QuoteInput['lines']): number {
  return priceRequest(deps, { lines }, { role: 'editor' }).price.subtotalCents;
}
