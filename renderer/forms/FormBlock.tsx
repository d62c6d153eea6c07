import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FormDefinition, FormStep } from '../../schemas/forms/form.schema';
import { FORM_SUCCESS_TITLE, FORM_THANK_YOU_MESSAGE } from '../../schemas/evaluators/validation-messages';
import { safeInlineHtml } from '../../widgets/forms/inline-html';
import { trackFormSubmitClick } from './analytics';
import { accountFormPost, prepareAccountForm } from './account-form-flow';
import { Captcha } from '../../widgets/forms/Captcha';
import { FieldList } from '../../widgets/forms/FieldList';
import { HONEYPOT_FIELD, postForm } from '../../widgets/forms/form-api';
import { browserStorage } from '../../widgets/forms/form-progress';
import { CAPTCHA_KEY, createFormStore, type ActionResult, type FormStatus, type FormStore } from '../../widgets/forms/form-store';
import { useFormStatus } from '../../widgets/forms/use-form-store';
import './forms.css';

/** The serialisable options a page (or popup) gives a form. */
export interface FormBlockOptions {
  /** Prefix of the element ids; give two copies of one form on a page different prefixes. Default `form-{name}`. */
  idPrefix?: string;
  /** Origin of the API; default the page's own. */
  apiBase?: string;
  /** RECAPTCHA_SITE_KEY (v2 invisible). Without it, forms with googleReCaptcha show the offline test captcha. */
  recaptchaSiteKey?: string;
  /** Show the form's title and description. Default true. */
  showTitle?: boolean;
  /** Level of the title heading. Default 2. */
  headingLevel?: 2 | 3;
  className?: string;
}

export interface FormBlockProps {
  form: FormDefinition;
  options?: FormBlockOptions;
  /** For a host in the same island (the popup closes after success); not part of the serialised props. */
  onSuccess?: () => void;
  /** Instrumentation for tests and the bench: called on each field component render. */
  onFieldRender?: (name: string) => void;
  /** A fetch to use instead of the global one (tests). */
  fetch?: typeof fetch;
  /** Account forms: where the browser goes after signing in (tests). Default: location.assign. */
  navigate?: (path: string) => void;
}

/** Step numbers are padded to 2 digits. */
export const stepNumber = (index: number) => String(index + 1).padStart(2, '0');

function StepIndicator({ steps, status }: { steps: readonly FormStep[]; status: FormStatus }) {
  return (
    <ol className="sf-steps">
      {steps.map((s, i) => {
        const state = i === status.step ? 'current' : status.completed.includes(i) ? 'done' : 'todo';
        return (
          <li key={i} className={`sf-steps__item sf-steps__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="sf-steps__number">{stepNumber(i)}</span>
            <span className="sf-steps__title">{s.title ?? `Step ${i + 1}`}</span>
            {state === 'done' && <span className="visually-hidden"> (completed)</span>}
          </li>
        );
      })}
    </ol>
  );
}

function Buttons({ store, status, step, onBack }: { store: FormStore; status: FormStatus; step?: FormStep; onBack: () => void }) {
  const { form } = store;
  const submitting = status.state === 'submitting';
  const last = !store.multi || status.step === store.stepCount - 1;
  const submit = store.multi ? (last ? (step?.actions?.submit ?? { text: 'Submit' }) : (step?.actions?.next ?? { text: 'Next' })) : (form.buttons?.submit ?? { text: 'Submit' });
  const reset = store.multi ? step?.actions?.reset : form.buttons?.reset;
  return (
    <div className="sf-actions">
      {store.multi && status.step > 0 && (
        <button type="button" className={`button button--secondary ${step?.actions?.back?.className ?? ''}`.trim()} onClick={onBack} disabled={submitting}>
          {step?.actions?.back?.text ?? 'Back'}
        </button>
      )}
      {reset && (
        <button type="button" className={`button button--secondary ${reset.className ?? ''}`.trim()} onClick={() => store.reset(store.multi ? status.step : undefined)} disabled={submitting}>
          {reset.text}
        </button>
      )}
      <button type="submit" className={`button button--primary sf-submit ${submit.className ?? ''}`.trim()} disabled={submitting} data-last={last || undefined}>
        {submitting && <span className="sf-spinner" aria-hidden="true" />}
        {submit.text}
      </button>
    </div>
  );
}

/**
 * A form of the forms/ folder, single-step or multi-step, as one island: its
 * state lives in its own store (form-store.ts), every field subscribes to its own part of it, and
 * the component itself re-renders only when the form's status (sending, message, step) changes.
 */
export function FormBlock({ form, options = {}, onSuccess, onFieldRender, fetch, navigate }: FormBlockProps) {
  const idPrefix = options.idPrefix ?? `form-${form.name}`;
  const [store] = useState(() =>
    createFormStore(form, {
      // An account form goes to its fixed account endpoint (account-form-api.ts); every other to /api/forms/{name}.
      post: form.account ? accountFormPost(form.account, { apiBase: options.apiBase, fetch, navigate }) : (post) => postForm(form.name, post, { apiBase: options.apiBase, fetch }),
      storage: browserStorage(),
      onFieldRender,
    }),
  );
  const status = useFormStatus(store);
  const root = useRef<HTMLElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const pendingFocus = useRef<string | null>(null);

  // Saved multi-step progress comes back after hydration, so the server's markup and the first browser render agree.
  useEffect(() => {
    if (form.account) prepareAccountForm(form.account);
    store.restore();
    // A reload right after typing still keeps the last keystrokes.
    const flush = () => store.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      store.dispose();
    };
  }, [store]);

  const applyFocus = () => {
    const key = pendingFocus.current;
    if (!key || !root.current) return;
    let target: HTMLElement | null = null;
    if (key === 'step') target = stepHeading.current;
    else if (key === 'message') target = root.current.querySelector<HTMLElement>('.sf-thank-you');
    else {
      const wrapper = root.current.querySelector(`[data-field="${key === CAPTCHA_KEY ? 'recaptchaToken' : key}"]`);
      target = wrapper?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, [tabindex]') ?? null;
    }
    if (target) {
      target.focus();
      pendingFocus.current = null;
    }
  };
  // A target that appears with this render (the next step's heading, the thank-you panel) gets focus now.
  useEffect(applyFocus);

  const follow = (result: ActionResult) => {
    pendingFocus.current = result.focus ?? null;
    applyFocus();
    if (store.getStatus().state === 'success') onSuccess?.();
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const last = !store.multi || store.getStatus().step === store.stepCount - 1;
    if (last) trackFormSubmitClick(form);
    follow(await store.submit(honeypot.current?.value ?? ''));
  };

  const titleId = `${idPrefix}-title`;
  const Heading = `h${options.headingLevel ?? 2}` as 'h2';
  const StepHeading = `h${(options.headingLevel ?? 2) + 1}` as 'h3';
  const step = store.multi ? form.steps?.[status.step] : undefined;
  const showTitle = options.showTitle !== false && Boolean(form.title);
  const className = ['sf-form-block', form.className, options.className].filter(Boolean).join(' ');

  return (
    <section className={className} ref={root} aria-labelledby={showTitle ? titleId : undefined} aria-label={showTitle ? undefined : (form.title ?? form.name)}>
      {showTitle && (
        <Heading id={titleId} className="sf-form-block__title">
          {form.title}
        </Heading>
      )}
      {showTitle && form.description && <p className="sf-form-block__description">{form.description}</p>}
      {status.thankYou ? (
        <div className="sf-thank-you" role="status" tabIndex={-1}>
          <StepHeading className="sf-thank-you__title">{FORM_SUCCESS_TITLE}</StepHeading>
          <p>{form.messages?.success ?? FORM_THANK_YOU_MESSAGE}</p>
        </div>
      ) : (
        <form
          className={`sf-form${store.multi ? ' sf-form--steps' : ''}`}
          action={form.account ? undefined : `${options.apiBase ?? ''}/api/forms/${form.name}`}
          method="post"
          encType={form.account ? undefined : 'multipart/form-data'}
          noValidate
          aria-busy={status.state === 'submitting' || undefined}
          aria-label={showTitle ? undefined : (form.title ?? form.name)}
          aria-labelledby={showTitle ? titleId : undefined}
          onSubmit={onSubmit}
        >
          {store.multi && form.steps && <StepIndicator steps={form.steps} status={status} />}
          {step && (
            <div className={`sf-step ${step.className ?? ''}`.trim()}>
              <StepHeading className="sf-step__title" tabIndex={-1} ref={stepHeading}>
                <span className="sf-step__number">{stepNumber(status.step)}</span> {step.title ?? `Step ${status.step + 1}`}
              </StepHeading>
              {step.subTitle && <p className="sf-step__subtitle">{step.subTitle}</p>}
              {step.description && <p className="sf-step__description">{step.description}</p>}
            </div>
          )}
          <FieldList
            key={status.step}
            store={store}
            fields={step ? step.fields : (form.fields ?? [])}
            idPrefix={idPrefix}
            layout={(step ? step.layout : form.layout) ?? 'grid'}
          />
          <div className="sf-honeypot" aria-hidden="true">
            <label htmlFor={`${idPrefix}-hp`}>Leave this field empty</label>
            <input id={`${idPrefix}-hp`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" ref={honeypot} />
          </div>
          {store.needsCaptcha() && <Captcha store={store} idPrefix={idPrefix} siteKey={options.recaptchaSiteKey} />}
          <div className="sf-message-region" aria-live="polite">
            {status.state === 'submitting' && <span className="visually-hidden">Sending…</span>}
            {status.message && (
              <p className={`sf-message sf-message--${status.state}`} role={status.state === 'error' ? 'alert' : 'status'}>
                {status.message}
              </p>
            )}
          </div>
          <Buttons
            store={store}
            status={status}
            step={step}
            onBack={() => {
              store.back();
              // The Back button may be gone (first step): the step's heading takes focus.
              follow({ focus: 'step' });
            }}
          />
          {step?.disclaimer && <p className="sf-step__disclaimer" dangerouslySetInnerHTML={{ __html: safeInlineHtml(step.disclaimer) }} />}
        </form>
      )}
    </section>
  );
}
