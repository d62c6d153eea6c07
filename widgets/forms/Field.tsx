import { memo, type CSSProperties, type ReactNode } from 'react';
import type { InputField } from '../../schemas/forms/form-field.schema';
import { valueList } from '../../schemas/evaluators/field-values';
import { acceptTypedNumber } from '../../schemas/evaluators/number-input';
import { safeInlineHtml } from './inline-html';
import { autoCompleteFor, describedBy, errorId, fieldId, helpId } from './field-ids';
import type { FieldSnapshot, FormStore } from './form-store';
import { ChoiceGroup } from './ChoiceGroup';
import { FileField } from './FileField';
import { useField } from './use-form-store';

export interface FieldProps {
  store: FormStore;
  field: InputField;
  idPrefix: string;
}

/** Where a field sits on the 12-column grid (column and span; phones stack every field). */
export function gridStyle(item: { column?: number; span?: number }): CSSProperties | undefined {
  if (item.column === undefined && item.span === undefined) return undefined;
  const style: Record<string, number> = {};
  if (item.span !== undefined) style['--sf-span'] = item.span;
  if (item.column !== undefined) style['--sf-col'] = item.column;
  return style as CSSProperties;
}

/** The control's accessibility attributes: described by its help and error, invalid while it has one. */
export function controlAria(idPrefix: string, field: InputField, snap: FieldSnapshot, extraHelp = false) {
  return {
    'aria-invalid': snap.error ? true : undefined,
    'aria-describedby': describedBy(idPrefix, field.name, Boolean(field.description) || extraHelp, Boolean(snap.error)),
    'aria-required': field.required ? true : undefined,
  } as const;
}

export function FieldLabel({ htmlFor, field, as = 'label', id }: { htmlFor?: string; field: InputField; as?: 'label' | 'legend'; id?: string }) {
  const Tag = as;
  return (
    <Tag className="sf-field__label" htmlFor={as === 'label' ? htmlFor : undefined} id={id}>
      {field.customLabel ? <span dangerouslySetInnerHTML={{ __html: safeInlineHtml(field.customLabel) }} /> : (field.label ?? field.name)}
      {field.required && (
        <span className="sf-field__required" aria-hidden="true">
          {' '}*
        </span>
      )}
    </Tag>
  );
}

/** Help text and the field's message; the message is announced when it appears. */
export function FieldFooter({ idPrefix, field, error, children }: { idPrefix: string; field: InputField; error: string | null; children?: ReactNode }) {
  return (
    <>
      {(field.description || children) && (
        <p id={helpId(idPrefix, field.name)} className="sf-field__help">
          {field.description}
          {children}
        </p>
      )}
      {error && (
        <p id={errorId(idPrefix, field.name)} className="sf-field__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

function TextControl({ store, field, idPrefix, snap }: FieldProps & { snap: FieldSnapshot }) {
  const id = fieldId(idPrefix, field.name);
  const text = snap.value === undefined || snap.value === null ? '' : String(snap.value);
  const numeric = field.type === 'number' || field.onlyNumbers === true;
  const common = {
    id,
    name: field.name,
    value: text,
    placeholder: field.placeholder,
    disabled: snap.disabled,
    onBlur: () => store.touch(field.name),
    ...controlAria(idPrefix, field, snap),
  };
  if (field.type === 'textarea') {
    return <textarea {...common} rows={5} className="sf-input sf-input--textarea" onChange={(e) => store.setValue(field.name, e.target.value)} />;
  }
  const type = field.type === 'email' || field.type === 'tel' || field.type === 'password' ? field.type : 'text';
  return (
    <input
      {...common}
      type={type}
      className="sf-input"
      inputMode={field.onlyNumbers ? 'numeric' : field.type === 'number' ? 'decimal' : undefined}
      autoComplete={field.autocomplete ?? autoCompleteFor(field.name, field.type)}
      onChange={(e) => {
        // Number-only inputs keep the previous text when a keystroke or paste breaks the rule.
        const next = numeric ? acceptTypedNumber(text, e.target.value, { onlyNumbers: field.onlyNumbers }) : e.target.value;
        if (next !== text) store.setValue(field.name, next);
      }}
    />
  );
}

function SelectControl({ store, field, idPrefix, snap }: FieldProps & { snap: FieldSnapshot }) {
  const id = fieldId(idPrefix, field.name);
  const aria = controlAria(idPrefix, field, snap);
  if (field.multiSelect) {
    return (
      <select
        id={id}
        name={field.name}
        multiple
        className="sf-input sf-input--multi"
        value={valueList(snap.value)}
        disabled={snap.disabled}
        onBlur={() => store.touch(field.name)}
        onChange={(e) => {
          store.setValue(field.name, Array.from(e.target.selectedOptions, (o) => o.value));
          store.touch(field.name);
        }}
        {...aria}
      >
        {snap.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <select
      id={id}
      name={field.name}
      className="sf-input sf-input--select"
      value={valueList(snap.value)[0] ?? ''}
      disabled={snap.disabled}
      onBlur={() => store.touch(field.name)}
      onChange={(e) => {
        store.setValue(field.name, e.target.value);
        store.touch(field.name);
      }}
      {...aria}
    >
      <option value="">{field.placeholder ?? 'Select…'}</option>
      {snap.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

function CheckboxControl({ store, field, idPrefix, snap }: FieldProps & { snap: FieldSnapshot }) {
  const id = fieldId(idPrefix, field.name);
  return (
    <div className="sf-check">
      <input
        id={id}
        name={field.name}
        type="checkbox"
        className="sf-check__input"
        checked={snap.value === true || snap.value === 'true'}
        disabled={snap.disabled}
        onChange={(e) => {
          store.setValue(field.name, e.target.checked);
          store.touch(field.name);
        }}
        {...controlAria(idPrefix, field, snap)}
      />
      <FieldLabel htmlFor={id} field={field} />
    </div>
  );
}

/**
 * One input field: subscribes to its own snapshot only, so it renders when its value, message,
 * visibility or options change, and not when another field is typed in.
 */
export const Field = memo(function Field({ store, field, idPrefix }: FieldProps) {
  const snap = useField(store, field.name);
  store.onFieldRender?.(field.name);
  if (field.type === 'hidden') return <input type="hidden" name={field.name} value={String(snap.value ?? '')} />;
  if (snap.hidden) return null;
  const className = ['sf-field', `sf-field--${field.type}`, snap.error ? 'sf-field--invalid' : '', field.className ?? ''].filter(Boolean).join(' ');
  let body: ReactNode;
  switch (field.type) {
    case 'radio':
    case 'checkbox-group':
      body = <ChoiceGroup store={store} field={field} idPrefix={idPrefix} snap={snap} />;
      break;
    case 'file':
      body = <FileField store={store} field={field} idPrefix={idPrefix} snap={snap} />;
      break;
    case 'checkbox':
    case 'newsletter':
      body = (
        <>
          <CheckboxControl store={store} field={field} idPrefix={idPrefix} snap={snap} />
          <FieldFooter idPrefix={idPrefix} field={field} error={snap.error} />
        </>
      );
      break;
    default:
      body = (
        <>
          <FieldLabel htmlFor={fieldId(idPrefix, field.name)} field={field} />
          {field.type === 'select' ? <SelectControl store={store} field={field} idPrefix={idPrefix} snap={snap} /> : <TextControl store={store} field={field} idPrefix={idPrefix} snap={snap} />}
          <FieldFooter idPrefix={idPrefix} field={field} error={snap.error} />
        </>
      );
  }
  return (
    <div className={className} style={gridStyle(field)} data-field={field.name}>
      {body}
    </div>
  );
});
