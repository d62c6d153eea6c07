/**
 * The state of one form, outside React. Every field has its own snapshot and
 * its own listeners, so typing in one field notifies that field only, plus the fields whose hideWhen,
 * option hideWhen, dynamicOptions or dependsOn read it; the form-level status (step, sending,
 * message) is a separate snapshot. Components read both with useSyncExternalStore (use-form-store.ts).
 *
 * The rules are the shared evaluators of schemas/evaluators (the server runs the same ones):
 * applyVisibility for hideWhen, validateFieldValue / validateFields for the catalogue, addFiles for
 * uploads, checkSubmission for what is sent.
 *
 * It lives with the field components in widgets/forms so that both the renderer's FormBlock and the
 * estimator widget use it, and imports run one way (a widget never imports the renderer).
 */
import type { FieldOption, InputField } from '../../schemas/forms/form-field.schema';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import { validateFieldValue, validateFields } from '../../schemas/evaluators/field-validation';
import { isEmptyValue, isFileList, type FieldValue } from '../../schemas/evaluators/field-values';
import { addFiles } from '../../schemas/evaluators/file-rules';
import { checkSubmission } from '../../schemas/evaluators/form-submission';
import { allFormFields, isLastStep, isMultiStep, stepFields } from '../../schemas/evaluators/form-structure';
import { FIELD_MESSAGES, FORM_SUCCESS_MESSAGE, GENERIC_SUBMIT_ERROR } from '../../schemas/evaluators/validation-messages';
import { applyVisibility, currentOptions, inputFields, placeFields, visibilityWatches, type PlacedField } from '../../schemas/evaluators/visibility';
import type { FormPost, FormPostResult } from './form-api';
import { clearSavedProgress, loadSavedProgress, saveProgress, type ProgressStorage } from './form-progress';

/** Form success and error messages last 5 seconds. */
export const DEFAULT_MESSAGE_SECONDS = 5;
/** Saving multi-step progress waits for a pause in typing. */
const SAVE_DELAY_MS = 300;
/** Key of the captcha in `focus` answers (the captcha widget, not a field). */
export const CAPTCHA_KEY = 'recaptchaToken';

export interface FieldSnapshot {
  value: FieldValue;
  /** The message shown under the field (after it was touched, or from the server), or null. */
  error: string | null;
  hidden: boolean;
  /** The options offered now (dynamicOptions and option hideWhen applied). */
  options: readonly FieldOption[];
  /** A dependsOn field is still empty. */
  disabled: boolean;
}

export type SubmitState = 'idle' | 'submitting' | 'success' | 'error';

export interface FormStatus {
  state: SubmitState;
  /** The response message, shown for `successMessageSeconds` (default 5). */
  message: string | null;
  /** The 'Thank you!' panel replaces the form (config.showThankYou). */
  thankYou: boolean;
  /** Multi-step: the current step, from 0. */
  step: number;
  completed: readonly number[];
  captchaToken: string | null;
  captchaError: string | null;
}

/** A captcha widget as the store sees it: run the challenge, forget the token. */
export interface CaptchaHandle {
  /** Runs the challenge; resolves with a token, or null when the visitor has not passed it. */
  execute(): Promise<string | null>;
  reset(): void;
}

export interface FormStoreOptions {
  post: (post: FormPost) => Promise<FormPostResult>;
  /** Where multi-step progress is kept (localStorage in browsers); none on the server. */
  storage?: ProgressStorage | null;
  /** Instrumentation (tests, bench): called each time a field component renders. */
  onFieldRender?: (name: string) => void;
}

/** What the component does next: focus this field, CAPTCHA_KEY, 'step' (the step heading) or 'message' (the thank-you panel). */
export interface ActionResult {
  focus?: string;
}

type Listener = () => void;
const FORM_KEY = '\u0000form';
const NO_OPTIONS: readonly FieldOption[] = [];

function initialValue(field: InputField): FieldValue {
  if (field.type === 'hidden') return field.value ?? '';
  const v = field.defaultValue ?? field.value;
  if (field.type === 'checkbox' || field.type === 'newsletter') return v === true || v === 'true';
  if (field.type === 'checkbox-group' || (field.type === 'select' && field.multiSelect)) return Array.isArray(v) ? v : v === undefined ? [] : [String(v)];
  if (field.type === 'file') return [];
  return v === undefined || Array.isArray(v) ? '' : String(v);
}

function sameOptions(a: readonly FieldOption[], b: readonly FieldOption[]): boolean {
  return a.length === b.length && a.every((o, i) => o === b[i]);
}

function sameSnapshot(a: FieldSnapshot, b: FieldSnapshot): boolean {
  return a.value === b.value && a.error === b.error && a.hidden === b.hidden && a.disabled === b.disabled && sameOptions(a.options, b.options);
}

/** Values worth saving across a reload: everything but files. */
function storableValues(values: Record<string, FieldValue>): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const [k, v] of Object.entries(values)) if (!isFileList(v) && v !== undefined) out[k] = v;
  return out;
}

export type FormStore = ReturnType<typeof createFormStore>;

export function createFormStore(form: FormDefinition, options: FormStoreOptions) {
  const multi = isMultiStep(form);
  const placed = placeFields(allFormFields(form));
  const byName = new Map<string, PlacedField>(placed.map((p) => [p.field.name, p]));
  const groups = allFormFields(form).filter((f) => f.type === 'group');

  // Who reads whom: a change of a watched field re-settles visibility and re-checks its readers.
  const watched = new Set<string>();
  const dependents = new Map<string, string[]>();
  for (const { field, group } of placed) {
    for (const w of [...visibilityWatches(field, group), field.dynamicOptions?.field]) if (w) watched.add(w);
    for (const o of [...(field.options ?? []), ...Object.values(field.dynamicOptions?.options ?? {}).flat()]) if (o.hideWhen) watched.add(o.hideWhen.field);
    for (const d of field.dependsOn ?? []) {
      watched.add(d);
      dependents.set(d, [...(dependents.get(d) ?? []), field.name]);
    }
  }

  const listeners = new Map<string, Set<Listener>>();
  let values: Record<string, FieldValue> = {};
  let hidden = new Set<string>();
  const touched = new Set<string>();
  /** Messages that are not the catalogue's: the server's answer, a refused upload. */
  const outsideErrors = new Map<string, string>();
  const snapshots = new Map<string, FieldSnapshot>();
  const groupHidden = new Map<string, boolean>();
  let status: FormStatus = { state: 'idle', message: null, thankYou: false, step: 0, completed: [], captchaToken: null, captchaError: null };
  let submissionId: string | null = null;
  let continuationToken: string | null = null;
  let captcha: CaptchaHandle | null = null;
  /** The server named the captcha in an answer (an account sign-in past ten wrong passwords): every later send carries one. */
  let captchaAsked = false;
  let messageTimer: ReturnType<typeof setTimeout> | undefined;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let savePending = false;

  const notify = (key: string) => listeners.get(key)?.forEach((l) => l());

  function computeSnapshot(name: string): FieldSnapshot {
    const { field } = byName.get(name)!;
    const value = values[name];
    const isHidden = hidden.has(name);
    const opts = field.options || field.dynamicOptions ? currentOptions(field, values) : NO_OPTIONS;
    const previous = snapshots.get(name);
    const options = previous && sameOptions(previous.options, opts) ? previous.options : opts;
    const disabled = (field.dependsOn ?? []).some((d) => isEmptyValue(values[d]));
    let error: string | null = null;
    if (!isHidden) error = outsideErrors.get(name) ?? (touched.has(name) ? validateFieldValue(field, value, values) : null);
    return { value, error, hidden: isHidden, options, disabled };
  }

  function refresh(name: string): void {
    const next = computeSnapshot(name);
    const previous = snapshots.get(name);
    if (previous && sameSnapshot(previous, next)) return;
    snapshots.set(name, next);
    if (previous) notify(name);
  }

  /** Re-settles hideWhen chains (hidden values and removed options cleared) and refreshes every field. */
  function settle(): void {
    const result = applyVisibility(allFormFields(form), values);
    values = result.values;
    hidden = result.hidden;
    for (const g of groups) {
      const isHidden = g.fields.length > 0 && g.fields.every((f) => hidden.has(f.name));
      if (groupHidden.get(g.name) !== isHidden) {
        const known = groupHidden.has(g.name);
        groupHidden.set(g.name, isHidden);
        if (known) notify(`group:${g.name}`);
      }
    }
    for (const name of byName.keys()) refresh(name);
  }

  function setStatus(patch: Partial<FormStatus>): void {
    status = { ...status, ...patch };
    notify(FORM_KEY);
  }

  function initialValues(names?: Iterable<string>): void {
    for (const name of names ?? byName.keys()) {
      const p = byName.get(name);
      if (p) values[name] = initialValue(p.field);
    }
  }

  function scheduleSave(): void {
    if (!multi || !options.storage) return;
    clearTimeout(saveTimer);
    savePending = true;
    saveTimer = setTimeout(saveNow, SAVE_DELAY_MS);
  }

  function saveNow(): void {
    clearTimeout(saveTimer);
    savePending = false;
    if (!multi || !options.storage) return;
    saveProgress(options.storage, form.name, { step: status.step, completed: [...status.completed], id: submissionId, token: continuationToken, values: storableValues(values) });
  }

  function showMessage(state: SubmitState, message: string | null, extra: Partial<FormStatus> = {}): void {
    clearTimeout(messageTimer);
    setStatus({ state, message, ...extra });
    const seconds = form.config?.successMessageSeconds ?? DEFAULT_MESSAGE_SECONDS;
    messageTimer = setTimeout(() => setStatus({ state: 'idle', message: null }), seconds * 1000);
  }

  function fieldsOfStep(stepIndex: number) {
    return stepFields(form, stepIndex);
  }

  /** Drops the progress kept in this browser (after the last step, or on an error). */
  function forgetProgress(): void {
    clearTimeout(saveTimer);
    savePending = false;
    submissionId = null;
    continuationToken = null;
    if (options.storage) clearSavedProgress(options.storage, form.name);
  }

  function forgetCaptcha(): void {
    captcha?.reset();
    setStatus({ captchaToken: null });
  }

  initialValues();
  settle();

  const store = {
    form,
    multi,
    stepCount: multi ? (form.steps?.length ?? 0) : 1,
    onFieldRender: options.onFieldRender,

    // --- subscriptions (useSyncExternalStore) ---
    subscribe(key: string, listener: Listener): () => void {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    subscribeStatus(listener: Listener): () => void {
      return store.subscribe(FORM_KEY, listener);
    },
    getField(name: string): FieldSnapshot {
      return snapshots.get(name)!;
    },
    isGroupHidden(name: string): boolean {
      return groupHidden.get(name) ?? false;
    },
    getStatus(): FormStatus {
      return status;
    },
    getValues(): Readonly<Record<string, FieldValue>> {
      return values;
    },

    // --- editing ---
    setValue(name: string, value: FieldValue): void {
      const p = byName.get(name);
      if (!p || p.field.type === 'hidden') return;
      values = { ...values, [name]: value };
      outsideErrors.delete(name);
      // A choice made under another value of the field it depends on no longer applies.
      for (const dependent of dependents.get(name) ?? []) {
        const d = byName.get(dependent)!.field;
        if (d.options || d.dynamicOptions) values[dependent] = initialValue({ ...d, defaultValue: undefined, value: undefined });
      }
      if (watched.has(name)) settle();
      else refresh(name);
      scheduleSave();
    },
    /** Adds chosen files to a file field (extra files dropped, wrong types refused). */
    addFiles(name: string, files: readonly File[]): void {
      const p = byName.get(name);
      if (!p) return;
      const current = (values[name] as File[] | undefined) ?? [];
      const selection = addFiles(current, files, p.field);
      touched.add(name);
      store.setValue(name, selection.files);
      if (selection.error) {
        outsideErrors.set(name, selection.error);
        refresh(name);
      }
    },
    removeFile(name: string, index: number): void {
      const current = (values[name] as File[] | undefined) ?? [];
      store.setValue(name, current.filter((_, i) => i !== index));
    },
    /** Marks a field touched (on blur): its message shows from now on. */
    touch(name: string): void {
      if (touched.has(name) || !byName.has(name)) return;
      touched.add(name);
      refresh(name);
    },

    // --- captcha ---
    setCaptcha(handle: CaptchaHandle | null): void {
      captcha = handle;
    },
    setCaptchaToken(token: string | null): void {
      setStatus({ captchaToken: token, captchaError: token ? null : status.captchaError });
    },
    /**
     * The captcha token for a send: the one the visitor gave, or the challenge's (the estimator
     * sends through its own request and asks here). null, with the captcha's message shown, when
     * the challenge gave none.
     */
    async takeCaptchaToken(): Promise<string | null> {
      const token = status.captchaToken ?? (captcha ? await captcha.execute() : null);
      if (!token) setStatus({ captchaError: FIELD_MESSAGES.captcha });
      return token;
    },
    /** A token is good for one submission, so it is reset afterwards. */
    forgetCaptcha(): void {
      forgetCaptcha();
    },

    // --- steps and sending ---
    /**
     * Validates the visible fields of the current step (the whole form when single-step), marks them
     * touched, and gives the names of the invalid ones in order.
     */
    validateCurrent(): string[] {
      const fields = fieldsOfStep(status.step);
      const { errors } = validateFields(fields, values);
      for (const f of inputFields(fields)) if (!hidden.has(f.name)) touched.add(f.name);
      for (const f of inputFields(fields)) refresh(f.name);
      return inputFields(fields)
        .map((f) => f.name)
        .filter((n) => errors[n] !== undefined || outsideErrors.has(n));
    },

    /**
     * Whether the next send must pass the captcha: a form with googleReCaptcha, or one whose server
     * asked for it, until the server has given a multi-step submission its id.
     */
    needsCaptcha(): boolean {
      return (form.googleReCaptcha === true || captchaAsked) && submissionId === null;
    },

    /** Submit (single-step or last step) and Next (multi-step): validate, run the captcha, send. */
    async submit(honeypot = ''): Promise<ActionResult> {
      if (status.state === 'submitting') return {};
      const invalid = store.validateCurrent();
      if (invalid.length > 0) return { focus: invalid[0] };
      const stepIndex = status.step;
      const last = isLastStep(form, stepIndex);
      setStatus({ state: 'submitting', message: null });

      // The captcha is asked of the request that starts a submission; later steps carry the id and token.
      const needsCaptcha = store.needsCaptcha();
      let token = status.captchaToken;
      if (needsCaptcha && !token) {
        token = await store.takeCaptchaToken();
        if (!token) {
          setStatus({ state: 'idle' });
          return { focus: CAPTCHA_KEY };
        }
      }
      const { values: sent } = checkSubmission({ ...form, googleReCaptcha: needsCaptcha }, values, { stepIndex, recaptchaToken: token });
      const post: FormPost = { values: sent, honeypot, recaptchaToken: needsCaptcha ? token : undefined };
      if (multi) Object.assign(post, { step: stepIndex, id: submissionId, token: continuationToken });
      const result = await options.post(post);
      // A token is good for one submission, so it is reset afterwards.
      if (needsCaptcha) forgetCaptcha();

      if (result.ok && multi && !last) {
        if (result.id) {
          submissionId = result.id;
          continuationToken = result.token ?? continuationToken;
          setStatus({ state: 'idle', message: null, step: stepIndex + 1, completed: [...new Set([...status.completed, stepIndex])], captchaError: null });
          saveNow();
          return { focus: 'step' };
        }
        // No id: the server did not keep the step, so nothing later could join it.
        return store.fail({ ok: false, message: null, fields: {} });
      }
      if (result.ok) {
        // Newsletter double opt-in: a form that only subscribes says what the server says ('Check your
        // inbox to confirm'), whatever its success text; a form with a newsletter box adds it.
        const base = (form.actions?.subscribeNewsletter ? (result.newsletterMessage ?? result.message) : null) ?? form.messages?.success ?? result.message ?? FORM_SUCCESS_MESSAGE;
        const message = result.newsletterMessage && !base.includes(result.newsletterMessage) ? `${base} ${result.newsletterMessage}` : base;
        if (form.config?.resetOnSuccess !== false) store.reset();
        forgetProgress();
        const thankYou = form.config?.showThankYou === true;
        showMessage('success', message, { thankYou, step: 0, completed: [], captchaError: null });
        // The panel replaces the form (and the button that had focus); an inline message is announced where focus stays.
        return thankYou ? { focus: 'message' } : multi ? { focus: 'step' } : {};
      }
      return store.fail(result);
    },

    /** A refused or failed submission: the server's messages, and (multi-step) back to the first step. */
    fail(result: Extract<FormPostResult, { ok: false }>): ActionResult {
      let captchaError: string | null = null;
      for (const [name, message] of Object.entries(result.fields)) {
        if (name === CAPTCHA_KEY) {
          captchaError = message;
          captchaAsked = true;
        } else if (byName.has(name)) outsideErrors.set(name, message);
      }
      const message = result.message ?? form.messages?.error ?? GENERIC_SUBMIT_ERROR;
      const patch: Partial<FormStatus> = { captchaError };
      if (multi) {
        // Any error resets to the first step, clears completed steps and the saved data.
        Object.assign(patch, { step: 0, completed: [] });
        forgetProgress();
      }
      for (const name of Object.keys(result.fields)) if (byName.has(name)) refresh(name);
      showMessage('error', message, patch);
      const first = inputFields(fieldsOfStep(status.step)).find((f) => outsideErrors.has(f.name) && !hidden.has(f.name));
      if (first) return { focus: first.name };
      if (captchaError) return { focus: CAPTCHA_KEY };
      // Multi-step went back to the first step (its button is gone): focus that step's heading.
      return multi ? { focus: 'step' } : {};
    },

    /** Back one step; the step gone back to is no longer complete. */
    back(): void {
      if (status.step === 0) return;
      const step = status.step - 1;
      setStatus({ step, completed: status.completed.filter((s) => s !== step) });
      saveNow();
    },

    /** Clears fields to their initial values (all, or those of one step), with touched marks and messages. */
    reset(stepIndex?: number): void {
      const names = stepIndex === undefined ? [...byName.keys()] : inputFields(fieldsOfStep(stepIndex)).map((f) => f.name);
      values = { ...values };
      initialValues(names);
      for (const n of names) {
        touched.delete(n);
        outsideErrors.delete(n);
      }
      settle();
      scheduleSave();
    },

    /** Multi-step: brings back the progress saved in this browser (after hydration, so SSR markup matches). */
    restore(): void {
      if (!multi || !options.storage) return;
      const saved = loadSavedProgress(options.storage, form.name);
      if (!saved) return;
      const restored: Record<string, FieldValue> = { ...values };
      for (const [name, value] of Object.entries(saved.values)) {
        const p = byName.get(name);
        if (p && p.field.type !== 'hidden' && p.field.type !== 'file') restored[name] = value;
      }
      values = restored;
      submissionId = saved.id;
      continuationToken = saved.token;
      // A later step can only continue a submission the server knows: without its id, start over (values kept).
      const step = saved.id ? Math.min(Math.max(0, saved.step), store.stepCount - 1) : 0;
      settle();
      setStatus({ step, completed: saved.completed.filter((s) => s < step) });
    },

    /** Writes progress still waiting for a pause in typing (the page is going away). */
    flush(): void {
      if (savePending) saveNow();
    },

    /** Stops timers (the component unmounts); saves pending progress first. */
    dispose(): void {
      store.flush();
      clearTimeout(messageTimer);
    },
  };
  return store;
}
