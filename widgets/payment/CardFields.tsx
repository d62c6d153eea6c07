/**
 * The direct card entry, shared by the two clients whose card
 * fields are our own: the offline test gateway's form and Authorize.net's Accept.js. The rules and
 * messages are the evaluators of schemas/ (the server checks the same); each error sits under its
 * field, tied to it by aria-describedby and aria-invalid. The fields carry the browser's cc-*
 * autocomplete names and a numeric keyboard; the number keeps digits only, so 19 digits fit its
 * 19 characters.
 */
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import {
  CARD_NUMBER_MAX_LENGTH,
  CVV_MAX_LENGTH,
  expiryMonthOptions,
  expiryYearOptions,
  validateDirectCard,
} from '../../schemas/evaluators/card-entry';

export interface CardEntryValue {
  cardNumber: string;
  /** '01'-'12'. */
  expMonth: string;
  /** Four digits. */
  expYear: string;
  cardCode: string;
}

export type CardField = keyof CardEntryValue;
export type CardErrors = Partial<Record<CardField, string>>;

export const EMPTY_CARD: CardEntryValue = { cardNumber: '', expMonth: '', expYear: '', cardCode: '' };
export const CARD_FIELDS: readonly CardField[] = ['cardNumber', 'expMonth', 'expYear', 'cardCode'];

/** The card's problems with the catalogue's words; empty when it may be sent. */
export function checkCard(card: CardEntryValue, currentYear?: number): CardErrors {
  return validateDirectCard(card, currentYear) as CardErrors;
}

/** The card-field problems of a server's 400 `fields` (the server checks the same rules, and expired months). */
export function cardErrorsFrom(fields: Record<string, string>): CardErrors {
  const errors: CardErrors = {};
  for (const field of CARD_FIELDS) if (typeof fields[field] === 'string') errors[field] = fields[field];
  return errors;
}

export interface CardFieldsProps {
  value: CardEntryValue;
  errors: CardErrors;
  onChange(value: CardEntryValue): void;
  /** Enter in a field pays, as it would in a form of its own (the entry may sit inside the page's form). */
  onSubmit?(): void;
  disabled?: boolean;
  /** The year the list starts at; the clock's by default (tests pass their own). */
  currentYear?: number;
}

const digitsOnly = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);

/** One field's frame: its label, the control, and its error under it (the control points at it). */
function CardFieldRow({ controlId, label, modifier, error, errorId, children }: { controlId: string; label: string; modifier?: string; error?: string; errorId: string; children: ReactNode }) {
  return (
    <div className={modifier ? `sr-card-field sr-card-field--${modifier}` : 'sr-card-field'}>
      <label htmlFor={controlId}>{label}</label>
      {children}
      {error ? (
        <p id={errorId} className="sr-card-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CardFields({ value, errors, onChange, onSubmit, disabled, currentYear }: CardFieldsProps) {
  const id = useId();
  const enterPays = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && onSubmit) {
      event.preventDefault();
      onSubmit();
    }
  };
  /** What every control has: its id and name, its value, Enter pays, and aria tied to its error. */
  const control = (field: CardField) => ({
    id: `${id}-${field}`,
    name: field,
    value: value[field],
    disabled,
    onKeyDown: enterPays,
    ...(errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : { 'aria-invalid': false as const }),
  });
  const row = (field: CardField, label: string, children: ReactNode, modifier?: string) => (
    <CardFieldRow controlId={`${id}-${field}`} label={label} modifier={modifier} error={errors[field]} errorId={`${id}-${field}-error`}>
      {children}
    </CardFieldRow>
  );
  const digits = (field: CardField, max: number, autoComplete: string, placeholder?: string) => (
    <input
      {...control(field)}
      type="text"
      inputMode="numeric"
      autoComplete={autoComplete}
      maxLength={max}
      placeholder={placeholder}
      onChange={(e) => onChange({ ...value, [field]: digitsOnly(e.currentTarget.value, max) })}
    />
  );
  const choice = (field: CardField, autoComplete: string, blank: string, options: readonly (string | number)[]) => (
    <select {...control(field)} autoComplete={autoComplete} onChange={(e) => onChange({ ...value, [field]: e.currentTarget.value })}>
      <option value="">{blank}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );

  return (
    <div className="sr-card-fields" part="card-fields">
      {row('cardNumber', 'Card number', digits('cardNumber', CARD_NUMBER_MAX_LENGTH, 'cc-number', '1234 1234 1234 1234'), 'number')}
      {row('expMonth', 'Expiry month', choice('expMonth', 'cc-exp-month', 'Month', expiryMonthOptions()))}
      {row('expYear', 'Expiry year', choice('expYear', 'cc-exp-year', 'Year', expiryYearOptions(currentYear)))}
      {row('cardCode', 'CVV', digits('cardCode', CVV_MAX_LENGTH, 'cc-csc'), 'cvv')}
    </div>
  );
}

/** Moves focus to the first field with an error, so a keyboard or screen-reader user lands on it. */
export function focusFirstCardError(root: HTMLElement | null, errors: CardErrors): void {
  const first = CARD_FIELDS.find((field) => errors[field]);
  if (first) root?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}
