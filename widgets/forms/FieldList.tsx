import { memo } from 'react';
import type { FormField, GroupField } from '../../schemas/forms/form-field.schema';
import { Field, gridStyle } from './Field';
import type { FormStore } from './form-store';
import { useGroupHidden } from './use-form-store';

type Layout = 'one-column' | 'two-columns' | 'grid';

/** A group: a fieldset titled by its label, its fields on their own grid; hidden with its hideWhen. */
const Group = memo(function Group({ store, group, idPrefix, layout }: { store: FormStore; group: GroupField; idPrefix: string; layout: Layout }) {
  const hidden = useGroupHidden(store, group.name);
  if (hidden) return null;
  return (
    <fieldset className={`sf-group ${group.className ?? ''}`.trim()} style={gridStyle(group)} data-group={group.name}>
      {group.label && <legend className="sf-group__title">{group.label}</legend>}
      {group.description && <p className="sf-group__description">{group.description}</p>}
      <FieldList store={store} fields={group.fields} idPrefix={idPrefix} layout={layout} />
    </fieldset>
  );
});

/**
 * The fields of a form or a step on the 12-column grid (column and span; one-column stacks them,
 * two-columns gives each half a row unless it says otherwise). Phones stack every field.
 */
export function FieldList({ store, fields, idPrefix, layout }: { store: FormStore; fields: readonly FormField[]; idPrefix: string; layout: Layout }) {
  return (
    <div className={`sf-grid sf-grid--${layout}`}>
      {fields.map((f) =>
        f.type === 'group' ? (
          <Group key={f.name} store={store} group={f} idPrefix={idPrefix} layout={layout} />
        ) : (
          <Field key={f.name} store={store} field={f} idPrefix={idPrefix} />
        ),
      )}
    </div>
  );
}
