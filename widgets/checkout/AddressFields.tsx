/**
 * One address group of the checkout (billing or shipping): labelled fields with their
 * autocomplete tokens, the error under each field (aria-invalid, aria-describedby), the US state
 * selector with the USPS codes, and the country selector whose non-US choice the page refuses.
 */
import { useId } from 'react';
import type { AddressPrefix } from '../../schemas/evaluators/checkout-fields';
import { US_STATES } from '../../schemas/us-states';
import { SHIPPING_COUNTRY, type AddressField, type CheckoutValues } from './checkout-values';

/** Offered so a customer abroad learns at once that we do not ship there (rather than finding no option). */
const COUNTRIES = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['MX', 'Mexico'],
] as const;

interface FieldSpec {
  field: AddressField;
  label: string;
  autocomplete: string;
  type?: 'email' | 'tel';
  required: boolean;
  wide?: boolean;
}

const FIELDS: FieldSpec[] = [
  { field: 'first_name', label: 'First name', autocomplete: 'given-name', required: true },
  { field: 'last_name', label: 'Last name', autocomplete: 'family-name', required: true },
  { field: 'email', label: 'Email', autocomplete: 'email', type: 'email', required: true },
  { field: 'phone', label: 'Phone', autocomplete: 'tel', type: 'tel', required: true },
  { field: 'address_1', label: 'Address line 1', autocomplete: 'address-line1', required: true, wide: true },
  { field: 'address_2', label: 'Address line 2', autocomplete: 'address-line2', required: false, wide: true },
  { field: 'country', label: 'Country', autocomplete: 'country', required: true },
  { field: 'state', label: 'State', autocomplete: 'address-level1', required: true },
  { field: 'city', label: 'City', autocomplete: 'address-level2', required: true },
  { field: 'zip', label: 'ZIP code', autocomplete: 'postal-code', required: true },
];

export interface AddressFieldsProps {
  prefix: AddressPrefix;
  legend: string;
  values: CheckoutValues;
  errors: Record<string, string>;
  onChange(name: keyof CheckoutValues, value: string): void;
  onBlur(name: keyof CheckoutValues): void;
  /** The shipping group has no e-mail of its own: the billing e-mail is the contact. */
  withEmail: boolean;
  /** A signed-in customer's billing e-mail is their account's, so it cannot be changed here. */
  emailLocked?: boolean;
  disabled?: boolean;
}

export function AddressFields({ prefix, legend, values, errors, onChange, onBlur, withEmail, emailLocked, disabled }: AddressFieldsProps) {
  const base = useId();
  const section = prefix === 'bill_' ? 'billing' : 'shipping';
  return (
    <fieldset className="sr-checkout__group" disabled={disabled}>
      <legend>{legend}</legend>
      <div className="sr-checkout__fields">
        {FIELDS.filter((f) => withEmail || f.field !== 'email').map((f) => {
          const name = `${prefix}${f.field}` as keyof CheckoutValues;
          const id = `${base}-${name}`;
          const error = errors[name];
          const common = {
            id,
            name,
            value: values[name],
            autoComplete: `${section} ${f.autocomplete}`,
            required: f.required,
            'aria-required': f.required,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
            onBlur: () => onBlur(name),
          };
          const usAddress = (values[`${prefix}country`] || SHIPPING_COUNTRY) === SHIPPING_COUNTRY;
          let input;
          if (f.field === 'country') {
            input = (
              <select {...common} onChange={(e) => onChange(name, e.currentTarget.value)}>
                {COUNTRIES.map(([code, label]) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </select>
            );
          } else if (f.field === 'state' && usAddress) {
            input = (
              <select {...common} onChange={(e) => onChange(name, e.currentTarget.value)}>
                <option value="">Select a state</option>
                {US_STATES.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </select>
            );
          } else {
            input = (
              <input
                {...common}
                type={f.type ?? 'text'}
                inputMode={f.field === 'zip' ? 'numeric' : undefined}
                maxLength={f.field === 'zip' ? 10 : f.field.endsWith('name') ? 50 : 200}
                disabled={f.field === 'email' && emailLocked ? true : undefined}
                onChange={(e) => onChange(name, e.currentTarget.value)}
              />
            );
          }
          return (
            <div key={name} className={`sr-field${f.wide ? ' sr-field--wide' : ''}`}>
              <label htmlFor={id}>
                {f.label}
                {f.required ? <span aria-hidden="true"> *</span> : <span className="sr-field__optional"> (optional)</span>}
              </label>
              {input}
              {error && (
                <p id={`${id}-error`} className="sr-field__error sr-error">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
