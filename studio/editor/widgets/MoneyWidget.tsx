/**
 * An amount in dollars: a text box with a $ before it that shows two decimals (14.99, 149.00) when
 * it is not being typed in. The value stays a number; what is typed is kept as typed while the box
 * has focus, so "14." or "14.5" are not rewritten under the operator's fingers.
 */
import { useState } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

export function MoneyWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, htmlName } = props;
  const [typing, setTyping] = useState<string | null>(null);
  // rjsf's NumberField may hand back the text last typed ("14.5") rather than the number.
  const amount = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  const shown = typing ?? (Number.isFinite(amount) ? amount.toFixed(2) : value == null ? '' : String(value));
  return (
    <span className="studio-money">
      <span className="studio-money__sign" aria-hidden="true">
        $
      </span>
      <input
        id={id}
        name={htmlName || id}
        className="form-control"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={shown}
        required={required}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(e) => {
          const text = e.target.value.replace(/[$,\s]/g, '');
          setTyping(e.target.value);
          onChange(text === '' ? options.emptyValue : text);
        }}
        onFocus={(e) => {
          setTyping(shown);
          onFocus(id, e.target.value);
        }}
        onBlur={(e) => {
          setTyping(null);
          onBlur(id, e.target.value);
        }}
      />
    </span>
  );
}
