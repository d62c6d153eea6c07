/**
 * One labelled input of the money pages (the split amount, the quote's amount, the order lookup):
 * its hint and its error under it, the input pointing at whichever is shown, so a screen reader
 * reads the error in place of the hint.
 */
import type { InputHTMLAttributes, Ref } from 'react';

export interface PageFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  /** The error is announced as it appears (role=alert): for fields checked at pay time. */
  announceError?: boolean;
  /** The field's `part`, for the elements' ::part styling. */
  fieldPart?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function PageField({ id, label, hint, error, announceError, fieldPart, inputRef, ...input }: PageFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="sr-field" part={fieldPart}>
      <label htmlFor={id}>{label}</label>
      <input ref={inputRef} id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : hint ? hintId : undefined} />
      {hint && (
        <span id={hintId} className="sr-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="sr-error" role={announceError ? 'alert' : undefined}>
          {error}
        </span>
      )}
    </div>
  );
}
