/**
 * The direct card entry of 002 §5 "Card entry" (001 §5), shared by the two clients whose card
 * fields are our own: the offline test gateway's form and Authorize.net's Accept.js. The rules and
 * messages are the evaluators of schemas/ (the server checks the same); each error sits under its
 * field, tied to it by aria-describedby and aria-invalid. The fields carry the browser's cc-*
 * autocomplete names and a numeric keyboard; the number keeps digits only, so 19 digits fit its
 * 19 characters.
 */
import { useId, type KeyboardEvent } from 'react';
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

export function CardFields({ value, errors, onChange, onSubmit, disabled, currentYear }: CardFieldsProps) {
  const id = useId();
  const fieldId = (field: CardField) => `${id}-${field}`;
  const errorId = (field: CardField) => `${id}-${field}-error`;
  const set = (field: CardField, text: string) => onChange({ ...value, [field]: text });
  const described = (field: CardField) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : { 'aria-invalid': false as const });
  const enterPays = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && onSubmit) {
      event.preventDefault();
      onSubmit();
    }
  };
  const error = (field: CardField) =>
    errors[field] ? (
      <p id={errorId(field)} className="sr-card-field__error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <div className="sr-card-fields" part="card-fields">
      <div className="sr-card-field sr-card-field--number">
        <label htmlFor={fieldId('cardNumber')}>Card number</label>
        <input
          id={fieldId('cardNumber')}
          name="cardNumber"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={CARD_NUMBER_MAX_LENGTH}
          placeholder="1234 1234 1234 1234"
          value={value.cardNumber}
          disabled={disabled}
          onChange={(e) => set('cardNumber', digitsOnly(e.currentTarget.value, CARD_NUMBER_MAX_LENGTH))}
          onKeyDown={enterPays}
          {...described('cardNumber')}
        />
        {error('cardNumber')}
      </div>
      <div className="sr-card-field">
        <label htmlFor={fieldId('expMonth')}>Expiry month</label>
        <select
          id={fieldId('expMonth')}
          name="expMonth"
          autoComplete="cc-exp-month"
          value={value.expMonth}
          disabled={disabled}
          onChange={(e) => set('expMonth', e.currentTarget.value)}
          onKeyDown={enterPays}
          {...described('expMonth')}
        >
          <option value="">Month</option>
          {expiryMonthOptions().map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        {error('expMonth')}
      </div>
      <div className="sr-card-field">
        <label htmlFor={fieldId('expYear')}>Expiry year</label>
        <select
          id={fieldId('expYear')}
          name="expYear"
          autoComplete="cc-exp-year"
          value={value.expYear}
          disabled={disabled}
          onChange={(e) => set('expYear', e.currentTarget.value)}
          onKeyDown={enterPays}
          {...described('expYear')}
        >
          <option value="">Year</option>
          {expiryYearOptions(currentYear).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
        {error('expYear')}
      </div>
      <div className="sr-card-field sr-card-field--cvv">
        <label htmlFor={fieldId('cardCode')}>CVV</label>
        <input
          id={fieldId('cardCode')}
          name="cardCode"
          type="text"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={CVV_MAX_LENGTH}
          value={value.cardCode}
          disabled={disabled}
          onChange={(e) => set('cardCode', digitsOnly(e.currentTarget.value, CVV_MAX_LENGTH))}
          onKeyDown={enterPays}
          {...described('cardCode')}
        />
        {error('cardCode')}
      </div>
    </div>
  );
}

/** Moves focus to the first field with an error, so a keyboard or screen-reader user lands on it. */
export function focusFirstCardError(root: HTMLElement | null, errors: CardErrors): void {
  const first = CARD_FIELDS.find((field) => errors[field]);
  if (first) root?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}
