import { valueList } from '../../schemas/evaluators/field-values';
import { safeInlineHtml } from './inline-html';
import { controlAria, FieldFooter, FieldLabel, type FieldProps } from './Field';
import { fieldId } from './field-ids';
import type { FieldSnapshot } from './form-store';

/**
 * Radio buttons or a checkbox group in a fieldset whose legend is the field's label; the options
 * offered are the snapshot's (dynamicOptions and option hideWhen applied). Native inputs keep the
 * keyboard behaviour people expect (arrows move between radios, Space ticks a box).
 */
export function ChoiceGroup({ store, field, idPrefix, snap }: FieldProps & { snap: FieldSnapshot }) {
  const id = fieldId(idPrefix, field.name);
  const chosen = valueList(snap.value);
  const radio = field.type === 'radio';
  const { 'aria-required': _required, ...aria } = controlAria(idPrefix, field, snap);
  const toggle = (value: string, on: boolean) => {
    const next = radio ? value : on ? [...chosen, value] : chosen.filter((v) => v !== value);
    store.setValue(field.name, next);
    store.touch(field.name);
  };
  return (
    <fieldset
      className={`sf-choices sf-choices--${field.layout ?? 'vertical'}`}
      id={id}
      role={radio ? 'radiogroup' : undefined}
      aria-required={radio && field.required ? true : undefined}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
      disabled={snap.disabled}
    >
      <FieldLabel as="legend" field={field} />
      <div className="sf-choices__list">
        {snap.options.map((o, i) => {
          const optionId = `${id}-${i}`;
          return (
            <div className="sf-check" key={o.value}>
              <input
                id={optionId}
                name={field.name}
                type={radio ? 'radio' : 'checkbox'}
                value={o.value}
                className="sf-check__input"
                checked={chosen.includes(o.value)}
                onChange={(e) => toggle(o.value, e.target.checked)}
                aria-describedby={o.description ? `${optionId}-help` : undefined}
              />
              <label htmlFor={optionId}>{o.customLabel ? <span dangerouslySetInnerHTML={{ __html: safeInlineHtml(o.customLabel) }} /> : o.label}</label>
              {o.description && (
                <span id={`${optionId}-help`} className="sf-check__help">
                  {o.description}
                </span>
              )}
            </div>
          );
        })}
      </div>
      <FieldFooter idPrefix={idPrefix} field={field} error={snap.error} />
    </fieldset>
  );
}
