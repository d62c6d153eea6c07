/** Small parts every studio screen uses: labelled fields, announced messages, list states, headings. */
import { Children, useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type Ref, type RefObject } from 'react';
import { hasNavigated } from './router';

/** What a field's control needs to be tied to its label, rule and error. */
export interface FieldControl {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled control of any kind (an input, a select, a text area, an input with a prefix) with its
 * rule (shown before typing) and its error, both tied to the control by aria-describedby; the error
 * also sets aria-invalid. `children` draws the control from the attributes it is given.
 */
export function FieldFrame({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children({ id, className: 'field__input', 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p className="field__error" id={errorId}>
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its rule and its error (see FieldFrame). */
export function Field({
  label,
  hint,
  error,
  className,
  inputRef,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; hint?: ReactNode; error?: string | undefined; inputRef?: Ref<HTMLInputElement> }) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} ref={inputRef} {...input} />}
    </FieldFrame>
  );
}

/** The rule under every authenticator-code field. */
export const CODE_RULE = 'The 6 digits your authenticator app shows now.';

/** The 6-digit code of an authenticator app: a number pad on phones, the one-time-code autofill, its rule. */
export function CodeField(props: Omit<Parameters<typeof Field>[0], 'hint' | 'inputMode' | 'autoComplete' | 'pattern' | 'maxLength' | 'className'>) {
  return <Field hint={CODE_RULE} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={7} className="field--code" required {...props} />;
}

/** Nothing to show: no child, or only null, false, undefined and empty strings. */
const isEmpty = (children: ReactNode) => Children.toArray(children).every((c) => c === '');

/** A region that screen readers announce when its text changes; empty, it takes no space. */
export function Alert({ children, tone = 'error', className }: { children?: ReactNode; tone?: 'error' | 'warning'; className?: string }) {
  const empty = isEmpty(children);
  return (
    <div role="alert" className={`alert alert--${tone}${empty ? ' alert--empty' : ''}${className ? ` ${className}` : ''}`}>
      {children}
    </div>
  );
}

/** A polite live region, for what went well (saved, copied, published). */
export function Status({ children, className }: { children?: ReactNode; className?: string }) {
  const empty = isEmpty(children);
  return (
    <div role="status" className={`notice${empty ? ' notice--empty' : ''}${className ? ` ${className}` : ''}`}>
      {children}
    </div>
  );
}

export type Loadable<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; value: T };

/**
 * Loads once and again on `reload()` or when a dependency changes; a later answer replaces an
 * earlier one, never the other way round.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, failure: (e: unknown) => string, deps: readonly unknown[]): [Loadable<T>, () => void, (value: T) => void] {
  const [result, setResult] = useState<Loadable<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setResult((r) => (r.state === 'ready' ? r : { state: 'loading' }));
    load(controller.signal).then(
      (value) => !controller.signal.aborted && setResult({ state: 'ready', value }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = failure(error);
        if (message) setResult({ state: 'error', message });
      },
    );
    return () => controller.abort();
  }, [...deps, round]);
  return [result, () => setRound((n) => n + 1), (value: T) => setResult({ state: 'ready', value })];
}

/** The loading, error and empty states of a list; `children` when there is something to show. */
export function ListState<T>({
  data,
  what,
  empty,
  isEmpty,
  retry,
  children,
}: {
  data: Loadable<T>;
  /** "the files", "the versions": for the loading and error texts. */
  what: string;
  empty: ReactNode;
  isEmpty: (value: T) => boolean;
  retry: () => void;
  children: (value: T) => ReactNode;
}) {
  if (data.state === 'loading')
    return (
      <p className="list-state list-state--loading" role="status">
        <span className="spinner" aria-hidden="true" /> Loading {what}…
      </p>
    );
  if (data.state === 'error')
    return (
      <div className="list-state list-state--error" role="alert">
        <p>
          Could not load {what}: {data.message}
        </p>
        <button type="button" className="button button--secondary button--small" onClick={retry}>
          Try again
        </button>
      </div>
    );
  if (isEmpty(data.value)) return <div className="list-state list-state--empty">{empty}</div>;
  return <>{children(data.value)}</>;
}

/**
 * The page's one h1, and the document's title. After an in-app navigation focus moves to it, so a
 * screen reader announces the new page and Tab starts from the top of its content.
 */
export function PageTitle({ children, title, className }: { children: ReactNode; title: string; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Showroom Studio`;
    if (hasNavigated()) ref.current?.focus({ preventScroll: true });
  }, [title]);
  return (
    <h1 className={`page-title${className ? ` ${className}` : ''}`} tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}

/** Copies a text, and says so (or says to copy by hand when the browser refuses). */
export function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid('Copied.');
    } catch {
      setSaid('The browser did not allow copying: select the text and copy it.');
    }
  };
  return (
    <span className={`copy${className ? ` ${className}` : ''}`}>
      <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="copy__said">
        {said}
      </span>
    </span>
  );
}

/** A date-time as the operator's browser writes it, in a <time> element. */
export function Time({ at }: { at: string }) {
  const date = new Date(at);
  const text = Number.isNaN(date.getTime()) ? at : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return <time dateTime={at}>{text}</time>;
}

/** Below this width (studio.css's breakpoint) the studio is one column: a detail shows under its list. */
export const ONE_COLUMN_QUERY = '(max-width: 899.98px)';

export function isOneColumn(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(ONE_COLUMN_QUERY).matches;
}

/** On a phone a detail loads below its list, out of sight: once it is ready, scroll to its heading. */
export function useRevealWhenReady(heading: RefObject<HTMLElement | null>, ready: boolean): void {
  useEffect(() => {
    if (ready && isOneColumn()) heading.current?.scrollIntoView?.({ block: 'start' });
  }, [heading, ready]);
}
