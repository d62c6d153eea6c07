/** A date written YYYY-MM-DD in the file, picked with the browser's date input. */
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

export function DateWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, htmlName } = props;
  return (
    <input
      id={id}
      name={htmlName || id}
      className="form-control studio-date"
      type="date"
      value={typeof value === 'string' ? value : ''}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
