/** One address of the quote builder (billing or shipping), its errors at its fields (`billingAddress.zipCode`). */
import { useId } from 'react';
import { US_STATES } from '../../schemas/us-states';
import { Field } from '../app/ui';
import type { AddressDraft, AddressField, AddressKind } from './quote-draft';

export function QuoteAddressFields({
  kind,
  legend,
  value,
  errors,
  onChange,
}: {
  kind: AddressKind;
  legend: string;
  value: AddressDraft;
  errors: Record<string, string>;
  onChange(field: AddressField, value: string): void;
}) {
  const stateId = useId();
  const err = (field: AddressField) => errors[`${kind}.${field}`];
  const text = (field: AddressField, label: string, more: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      className={`quote-address__${field}`}
      label={label}
      name={`${kind}.${field}`}
      value={value[field]}
      error={err(field)}
      onChange={(e) => onChange(field, e.target.value)}
      {...more}
    />
  );
  const stateError = err('state');
  return (
    <fieldset className="quote-address">
      <legend className="quote-address__legend">{legend}</legend>
      {errors[kind] ? (
        <p className="field__error">
          <span aria-hidden="true">⚠ </span>
          {errors[kind]}
        </p>
      ) : null}
      <div className="quote-address__grid">
        {text('firstName', 'First name', { autoComplete: 'off', maxLength: 50 })}
        {text('lastName', 'Last name', { autoComplete: 'off', maxLength: 50 })}
        {text('street1', 'Street address', { autoComplete: 'off', maxLength: 200 })}
        {text('street2', 'Apartment, suite (optional)', { autoComplete: 'off', maxLength: 200 })}
        {text('city', 'City', { autoComplete: 'off', maxLength: 100 })}
        <div className={`field quote-address__state${stateError ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={stateId}>
            State
          </label>
          <select
            id={stateId}
            name={`${kind}.state`}
            className="field__input"
            value={value.state}
            aria-invalid={stateError ? true : undefined}
            aria-describedby={stateError ? `${stateId}-error` : undefined}
            onChange={(e) => onChange('state', e.target.value)}
          >
            <option value="">Choose…</option>
            {US_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
          {stateError ? (
            <p className="field__error" id={`${stateId}-error`}>
              <span aria-hidden="true">⚠ </span>
              {stateError}
            </p>
          ) : null}
        </div>
        {text('zipCode', 'ZIP code', { autoComplete: 'off', inputMode: 'numeric', maxLength: 10 })}
        {text('phoneNumber', 'Phone', { type: 'tel', autoComplete: 'off', maxLength: 30 })}
      </div>
    </fieldset>
  );
}
