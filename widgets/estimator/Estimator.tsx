/**
 * The project estimator, one component for the `/estimator` page's block
 * (renderer/blocks/estimator) and for `<showroom-estimator>` (widgets/elements/estimator.tsx).
 *
 * It is a form-engine form: the template's sections are groups of the form engine's fields, kept in
 * the engine's per-field store (widgets/forms/form-store.ts) and drawn by its field components, so
 * validation, hideWhen, dependsOn and uploads behave as in every other form. On top of that:
 *  - sections as accordions (the first open) or popups (a popup locks page scrolling); Next checks
 *    every section up to the current one, closes it and opens its target, scrolled to after 100 ms;
 *    errors open every accordion that has one;
 *  - the live price summary (sidebar or top), computed with schemas/evaluators/estimator-pricing.ts;
 *  - Print (only with a price and a value filled) downloads a PDF (jsPDF, loaded on demand), Submit
 *    sends the estimate to POST /api/forms/{name}, whose server prices it again; both validate the
 *    whole form, show a busy state, and on success clear everything; results show for 5 seconds.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { EstimatorPricing } from '../../schemas/estimator/estimator-pricing.schema';
import type { EstimatorTemplate } from '../../schemas/estimator/estimator-template.schema';
import type { CabinetMixPricing } from '../../schemas/evaluators/cabinet-mix';
import { canPrint, estimatePrice, hasPrice, summarizeEstimate, type EstimateSummary } from '../../schemas/evaluators/estimator-pricing';
import { checkAllSections, checkSectionsUpTo, firstAccordionIndex, nextSectionIndex, type SectionCheck } from '../../schemas/evaluators/estimator-sections';
import { checkSubmission } from '../../schemas/evaluators/form-submission';
import { inputFields } from '../../schemas/evaluators/visibility';
import type { FormField, GroupField } from '../../schemas/forms/form-field.schema';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import { Captcha } from '../forms/Captcha';
import { FieldList } from '../forms/FieldList';
import { createFormStore, type FormStore } from '../forms/form-store';
import type { PriceRange } from '../showroom-events';
import { postEstimate, type EstimateTransport } from './estimate-post';

/** The estimator's result messages, word for word. */
export const ESTIMATOR_MESSAGES = {
  emailSent: 'Email sent successfully',
  emailFailed: 'Failed to send email',
  pdfDownloaded: 'PDF downloaded successfully',
  pdfFailed: 'Failed to download PDF',
  pdfMissing: 'PDF library not found',
} as const;
/** Messages last 5 seconds; the accordion scrolls into view after 100 ms. */
export const MESSAGE_MS = 5000;
export const SCROLL_DELAY_MS = 100;

export interface EstimatorProps {
  template: EstimatorTemplate;
  pricing: EstimatorPricing;
  /** A template with a cabinet mix: the catalog's numbers that price it, as the server gives them. */
  cabinets?: CabinetMixPricing | undefined;
  /** Prefix of element ids (the page block's island id, or the element's template name). */
  idPrefix: string;
  /** Where the estimate is sent (the store's origin) and who sends it. */
  transport?: EstimateTransport;
  /** Where the PDF's logo is read from (the element: the store's API, which answers with CORS). Default: the template's path on this page's origin. */
  logoUrl?: string;
  /** The live range changed (null while nothing is priced). */
  onEstimateChanged?: (range: PriceRange | null) => void;
  /** The estimate was sent; the range is the one the server computed. */
  onEstimateSubmitted?: (range: PriceRange) => void;
  /** RECAPTCHA_SITE_KEY, for a template with googleReCaptcha. Without one, the offline test captcha shows. */
  recaptchaSiteKey?: string;
  /** The PDF maker; default the jsPDF one, loaded on first use (tests give their own). */
  makePdf?: (input: import('./estimate-pdf').EstimatePdfInput) => Promise<string>;
}

type Result = { kind: 'success' | 'error'; text: string } | null;

function sectionsOf(template: EstimatorTemplate): GroupField[] {
  return (template.fields as FormField[]).filter((f): f is GroupField => f.type === 'group');
}

function useValues(store: FormStore, names: readonly string[]) {
  const subscribe = useMemo(
    () => (listener: () => void) => {
      const offs = names.map((n) => store.subscribe(n, listener));
      return () => offs.forEach((off) => off());
    },
    [store, names],
  );
  return useSyncExternalStore(subscribe, store.getValues, store.getValues);
}

async function defaultMakePdf(input: import('./estimate-pdf').EstimatePdfInput): Promise<string> {
  const { downloadEstimatePdf } = await import('./estimate-pdf');
  return downloadEstimatePdf(input);
}

function SummaryPanel({ summary, priced, id }: { summary: EstimateSummary; priced: boolean; id: string }) {
  return (
    <aside className={`sr-est-summary sr-est-summary--${summary.position}`} aria-labelledby={`${id}-summary`} part="summary">
      <h3 id={`${id}-summary`} className="sr-est-summary__title">
        {summary.title ?? 'Your estimate'}
      </h3>
      <div aria-live="polite">
        {summary.breakdowns.map((b) => (
          <div key={b.label} className="sr-est-summary__group">
            <h4>{b.label}</h4>
            <dl>
              {b.items.map((item) => (
                <div key={item.name} className="sr-est-summary__row">
                  <dt>{item.label}</dt>
                  <dd>{item.display}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
        <dl className="sr-est-summary__totals">
          {summary.productTotal && (
            <div className="sr-est-summary__row">
              <dt>{summary.productTotal.label}</dt>
              <dd data-total="product">{summary.productTotal.display}</dd>
            </div>
          )}
          {summary.laborTotal && (
            <div className="sr-est-summary__row">
              <dt>{summary.laborTotal.label}</dt>
              <dd data-total="labor">{summary.laborTotal.display}</dd>
            </div>
          )}
          {summary.grandTotal && (
            <div className="sr-est-summary__row sr-est-summary__row--grand">
              <dt>{summary.grandTotal.label}</dt>
              <dd data-total="grand">{summary.grandTotal.display}</dd>
            </div>
          )}
        </dl>
      </div>
      {!priced && <p className="sr-est-summary__empty">Choose your options to see a price range.</p>}
      {summary.note && <p className="sr-est-summary__note">{summary.note}</p>}
    </aside>
  );
}

export function Estimator({ template, pricing, cabinets, idPrefix, transport, logoUrl, onEstimateChanged, onEstimateSubmitted, recaptchaSiteKey, makePdf = defaultMakePdf }: EstimatorProps) {
  const fields = template.fields as FormField[];
  const sections = useMemo(() => sectionsOf(template), [template]);
  // The captcha guards the estimate's e-mail to the typed address (the server asks for it too).
  const captcha = template.googleReCaptcha === true;
  const form = useMemo<FormDefinition>(() => ({ name: template.name, fields, ...(captcha ? { googleReCaptcha: true } : {}) }), [template, fields, captcha]);
  // The estimator sends through its own envelope (estimate-post.ts); the store's own post is never used.
  const [store] = useState(() => createFormStore(form, { post: async () => ({ ok: false, message: null, fields: {} }) }));
  const names = useMemo(() => inputFields(fields).map((f) => f.name), [fields]);
  const values = useValues(store, names);

  const first = firstAccordionIndex(fields);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(first === null ? [] : [fields[first]!.name]));
  const [popup, setPopup] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const root = useRef<HTMLDivElement>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const price = useMemo(() => estimatePrice(fields, values, pricing, cabinets), [fields, values, pricing, cabinets]);
  const summary = useMemo(() => summarizeEstimate(template.summary, price), [template.summary, price]);
  const priced = hasPrice(price);
  const printable = canPrint(price, values);

  // Hosts hear the live range: the page block ignores it, the element fires showroom:estimate-changed.
  const changed = useRef(onEstimateChanged);
  changed.current = onEstimateChanged;
  const rangeKey = priced ? `${price.finalMin}-${price.finalMax}` : '';
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    if (lastKey.current === null && rangeKey === '') {
      lastKey.current = rangeKey;
      return;
    }
    if (lastKey.current === rangeKey) return;
    lastKey.current = rangeKey;
    changed.current?.(priced ? { min: price.finalMin, max: price.finalMax } : null);
  }, [rangeKey, priced, price.finalMin, price.finalMax]);

  // A popup section locks the page's scrolling while it is open.
  useEffect(() => {
    if (!popup) return;
    const body = root.current?.ownerDocument.body;
    if (!body) return;
    const before = body.style.overflow;
    body.style.overflow = 'hidden';
    // Focus moves into the dialog, so keyboard and screen-reader users land in the section.
    root.current?.querySelector<HTMLElement>('[role="dialog"]')?.focus();
    return () => {
      body.style.overflow = before;
    };
  }, [popup]);

  useEffect(
    () => () => {
      for (const t of timers.current) clearTimeout(t);
      store.dispose();
    },
    [store],
  );

  const later = (fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  };

  const showResult = (kind: 'success' | 'error', text: string) => {
    setResult({ kind, text });
    later(() => setResult((r) => (r?.text === text ? null : r)), MESSAGE_MS);
  };

  /** Marks the checked fields touched (their messages show) and opens every accordion with an error. */
  const reveal = (check: SectionCheck, upTo: number) => {
    for (const s of sections.slice(0, upTo + 1)) for (const f of inputFields(s.fields)) store.touch(f.name);
    if (check.sectionsWithErrors.length === 0) return false;
    const accordions = check.sectionsWithErrors.filter((n) => sections.find((s) => s.name === n)?.layout !== 'popup');
    setOpen((o) => new Set([...o, ...accordions]));
    const popupWithError = check.sectionsWithErrors.find((n) => sections.find((s) => s.name === n)?.layout === 'popup');
    if (popupWithError && accordions.length === 0) setPopup(popupWithError);
    else if (accordions.length) setPopup(null);
    return true;
  };

  const restart = () => {
    store.reset();
    setPopup(null);
    setOpen(new Set(first === null ? [] : [fields[first]!.name]));
  };

  // Smooth, unless the visitor asked for less motion.
  const scrollTo = (name: string) =>
    later(() => {
      const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
      root.current?.querySelector(`[data-section="${name}"]`)?.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
    }, SCROLL_DELAY_MS);

  const next = (index: number) => {
    const check = checkSectionsUpTo(fields, index, store.getValues());
    if (reveal(check, index)) return;
    const current = fields[index]!;
    const target = nextSectionIndex(fields, index);
    setOpen((o) => {
      const n = new Set(o);
      n.delete(current.name);
      if (target !== null && fields[target]!.type === 'group' && (fields[target] as GroupField).layout !== 'popup') n.add(fields[target]!.name);
      return n;
    });
    if (popup === current.name) setPopup(null);
    if (target === null) return;
    const t = fields[target] as GroupField;
    if (t.layout === 'popup') setPopup(t.name);
    else scrollTo(t.name);
  };

  const checkAll = () => reveal(checkAllSections(fields, store.getValues()), fields.length - 1);

  const print = async () => {
    if (busy || checkAll()) return;
    setBusy(true);
    try {
      await makePdf({ template, values: store.getValues(), summary, date: new Date(), logoUrl });
      showResult('success', ESTIMATOR_MESSAGES.pdfDownloaded);
      restart();
    } catch (err) {
      showResult('error', err instanceof Error && err.message === ESTIMATOR_MESSAGES.pdfMissing ? ESTIMATOR_MESSAGES.pdfMissing : ESTIMATOR_MESSAGES.pdfFailed);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (busy || checkAll()) return;
    setBusy(true);
    const recaptchaToken = captcha ? await store.takeCaptchaToken() : null;
    if (captcha && !recaptchaToken) {
      setBusy(false);
      root.current?.querySelector<HTMLElement>('[data-field="recaptchaToken"] input, [data-field="recaptchaToken"] [tabindex]')?.focus();
      return;
    }
    const { values: sent } = checkSubmission({ ...form, googleReCaptcha: false }, store.getValues());
    const rows = summary.breakdowns.flatMap((b) => b.items.map((i) => ({ label: `${b.label}: ${i.label}`, value: i.display })));
    if (summary.grandTotal) rows.push({ label: summary.grandTotal.label, value: summary.grandTotal.display });
    const answer = await postEstimate(
      { formName: template.name, values: sent, totalPrice: price.display.final, summary: rows, metadata: template.metadata, ...(recaptchaToken ? { recaptchaToken } : {}) },
      transport,
    );
    if (captcha) store.forgetCaptcha();
    setBusy(false);
    if (answer.ok) {
      showResult('success', ESTIMATOR_MESSAGES.emailSent);
      onEstimateSubmitted?.(answer.estimate ?? { min: price.finalMin, max: price.finalMax });
      // The answers and the range stay: a visitor who sent an estimate still reads it, prints it or
      // changes one answer; Reset clears them.
    } else {
      showResult('error', ESTIMATOR_MESSAGES.emailFailed);
      // The server's own messages for the fields (and the captcha) it refused.
      if (Object.keys(answer.fields).length) {
        store.fail({ ok: false, message: answer.message, fields: answer.fields });
        checkAll();
      }
    }
  };

  // The captcha sits by the first Submit button (a section may be a popup, far from the form's foot).
  const captchaSection = captcha ? sections.find((s) => s.actions?.submit)?.name : undefined;

  const actionsOf = (section: GroupField, index: number) => {
    const a = section.actions;
    // The range is shown where the visitor answers and sends, not only in the summary: a popup
    // section hides the summary, and on a phone the last section pushes it below the Send button,
    // so a visitor would otherwise send answers whose range they last saw before the popup.
    const liveTotal = summary.grandTotal && (section.layout === 'popup' || a?.submit || a?.print);
    return (
      <>
      {liveTotal && (
        <p className="sr-est-live-total" part="live-total" aria-live="polite">
          <span>{summary.grandTotal!.label}</span> <strong data-live-total>{summary.grandTotal!.display}</strong>
        </p>
      )}
      {section.name === captchaSection && <Captcha store={store} idPrefix={idPrefix} siteKey={recaptchaSiteKey} />}
      <div className="sr-est-actions">
        {a?.next && (
          <button type="button" className="sr-est-button sr-est-button--primary" onClick={() => next(index)} disabled={busy}>
            {a.next.text ?? 'Next'}
          </button>
        )}
        {a?.print && printable && (
          <button type="button" className="sr-est-button" onClick={() => void print()} disabled={busy} part="print">
            {a.print.text ?? template.actions?.printText ?? 'Print'}
          </button>
        )}
        {a?.submit && (
          <button type="button" className="sr-est-button sr-est-button--primary" onClick={() => void submit()} disabled={busy} part="submit">
            {busy && <span className="sr-est-spinner" aria-hidden="true" />}
            {a.submit.text ?? template.actions?.submitText ?? 'Submit'}
          </button>
        )}
      </div>
      </>
    );
  };

  const summaryPanel = <SummaryPanel summary={summary} priced={priced} id={idPrefix} />;
  const position = summary.position;

  return (
    <div className={`sr-estimator sr-estimator--${position} ${template.className ?? ''}`.trim()} ref={root} aria-busy={busy || undefined} part="estimator">
      {template.title && <h2 className="sr-estimator__title">{template.title}</h2>}
      {template.description && <p className="sr-estimator__description">{template.description}</p>}
      <div className="sr-estimator__layout">
        {position === 'top' && summaryPanel}
        <form className="sr-estimator__form" noValidate onSubmit={(e) => e.preventDefault()} aria-label={template.title ?? template.name}>
          {sections.map((section, index) => {
            const headingId = `${idPrefix}-${section.name}-heading`;
            const bodyId = `${idPrefix}-${section.name}-body`;
            if (section.layout === 'popup') {
              const isOpen = popup === section.name;
              return (
                <section key={section.name} className="sr-est-section sr-est-section--popup" data-section={section.name} part="section">
                  <button type="button" className="sr-est-section__header" aria-haspopup="dialog" aria-expanded={isOpen} onClick={() => setPopup(section.name)}>
                    {section.label ?? section.name}
                  </button>
                  {isOpen && (
                    <div className="sr-est-popup" part="popup">
                      <div className="sr-est-popup__dialog" role="dialog" aria-modal="true" aria-labelledby={headingId} tabIndex={-1} onKeyDown={(e) => e.key === 'Escape' && setPopup(null)}>
                        <div className="sr-est-popup__head">
                          <h3 id={headingId}>{section.label ?? section.name}</h3>
                          <button type="button" className="sr-est-popup__close" aria-label="Close" onClick={() => setPopup(null)}>
                            ×
                          </button>
                        </div>
                        {section.description && <p className="sr-est-section__description">{section.description}</p>}
                        <FieldList store={store} fields={section.fields} idPrefix={idPrefix} layout="grid" />
                        {actionsOf(section, index)}
                      </div>
                    </div>
                  )}
                </section>
              );
            }
            const isOpen = open.has(section.name);
            return (
              <section key={section.name} className={`sr-est-section${isOpen ? ' sr-est-section--open' : ''}`} data-section={section.name} part="section">
                <h3 className="sr-est-section__heading" id={headingId}>
                  <button
                    type="button"
                    className="sr-est-section__header"
                    aria-expanded={isOpen}
                    aria-controls={bodyId}
                    onClick={() =>
                      setOpen((o) => {
                        const n = new Set(o);
                        if (n.has(section.name)) n.delete(section.name);
                        else n.add(section.name);
                        return n;
                      })
                    }
                  >
                    {section.label ?? section.name}
                  </button>
                </h3>
                <div id={bodyId} className="sr-est-section__body" role="region" aria-labelledby={headingId} hidden={!isOpen}>
                  {section.description && <p className="sr-est-section__description">{section.description}</p>}
                  <FieldList store={store} fields={section.fields} idPrefix={idPrefix} layout="grid" />
                  {actionsOf(section, index)}
                </div>
              </section>
            );
          })}
          <div className="sr-est-footer">
            {template.buttons?.reset && (
              <button type="button" className="sr-est-button sr-est-button--secondary" onClick={restart} disabled={busy} part="reset">
                {template.buttons.reset.text}
              </button>
            )}
            <div className="sr-est-message-region" aria-live="polite">
              {result && (
                <p className={`sr-est-message sr-est-message--${result.kind}`} role={result.kind === 'error' ? 'alert' : 'status'} part="message-result">
                  {result.text}
                </p>
              )}
            </div>
          </div>
        </form>
        {position !== 'top' && summaryPanel}
      </div>
    </div>
  );
}
