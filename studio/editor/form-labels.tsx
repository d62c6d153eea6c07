/** rjsf's own templates and checkbox, with a property name shown in words (field-labels.ts), and a labelled oneOf choice. */
import { getDefaultRegistry } from '@rjsf/core';
import { getTemplate, getUiOptions, type ArrayFieldItemTemplateProps, type ArrayFieldTitleProps, type FieldTemplateProps, type MultiSchemaFieldTemplateProps, type ObjectFieldTemplateProps, type TitleFieldProps, type WidgetProps } from '@rjsf/utils';
import { humanLabel } from './field-labels';

const core = getDefaultRegistry();
const CoreFieldTemplate = core.templates.FieldTemplate;
const CoreTitleField = core.templates.TitleFieldTemplate;
const CoreArrayFieldTitle = core.templates.ArrayFieldTitleTemplate;
const CoreCheckbox = core.widgets['CheckboxWidget']!;
const CoreObjectFieldTemplate = core.templates.ObjectFieldTemplate;

/** What a block's form keeps under "More": settings for links, designers and layout, not for writing the page. */
export const MORE_FIELDS: ReadonlySet<string> = new Set(['id', 'className', 'width', 'height']);

/**
 * A block's group of fields (the block itself, its picture, its button) with its technical fields
 * (MORE_FIELDS) last, in a "More" section that opens on demand; a problem in one opens it.
 */
export function StudioMoreTemplate(props: ObjectFieldTemplateProps) {
  const more = props.properties.filter((p) => MORE_FIELDS.has(p.name) && !p.hidden);
  if (more.length === 0) return <CoreObjectFieldTemplate {...props} />;
  const section = {
    name: 'studio-more',
    hidden: false,
    readonly: false,
    disabled: false,
    content: (
      <details key="studio-more" className="studio-more">
        <summary className="studio-more__title">More</summary>
        {more.map((p) => p.content)}
      </details>
    ),
  };
  return <CoreObjectFieldTemplate {...props} properties={[...props.properties.filter((p) => !more.includes(p)), section]} />;
}

export function StudioFieldTemplate(props: FieldTemplateProps) {
  return <CoreFieldTemplate {...props} label={humanLabel(props.label)} />;
}

export function StudioTitleField(props: TitleFieldProps) {
  return <CoreTitleField {...props} title={humanLabel(props.title)} />;
}

export function StudioArrayFieldTitle(props: ArrayFieldTitleProps) {
  return <CoreArrayFieldTitle {...props} title={props.title === undefined ? undefined : humanLabel(props.title)} />;
}

export function StudioCheckboxWidget(props: WidgetProps) {
  // A setting left out of the file takes its documented default: the box shows that, not "off".
  const value = props.value === undefined ? documentedDefault(props.schema) : props.value;
  return <CoreCheckbox {...props} value={value} label={humanLabel(props.label)} />;
}

/** A yes/no setting's default: the schema's `default`, else the one its description names ("Default true", "Default on"). */
export function documentedDefault(schema: { default?: unknown; description?: string }): boolean | undefined {
  if (typeof schema.default === 'boolean') return schema.default;
  const said = /\bDefault:? (true|on|false|off)\b/i.exec(schema.description ?? '')?.[1]?.toLowerCase();
  return said === undefined ? undefined : said === 'true' || said === 'on';
}

/**
 * A oneOf/anyOf choice (a popup component's kind, a form field or group, a value or a list): rjsf's
 * select has no label of its own, so it is wrapped in one.
 */
export function StudioMultiSchemaFieldTemplate({ selector, optionSchemaField, schema }: MultiSchemaFieldTemplateProps) {
  const title = typeof schema.title === 'string' && schema.title ? schema.title.toLowerCase() : 'value';
  return (
    <div className="studio-choice">
      {selector && (
        <label className="form-group studio-choice__selector">
          <span className="control-label">Kind of {title}</span>
          {selector}
        </label>
      )}
      {optionSchemaField}
    </div>
  );
}

/**
 * An item of a list: its number and buttons on a line of their own above it (rjsf's core puts them
 * beside it, with inline styles, which leaves no room on a phone), in a group named after the item.
 */
export function StudioArrayFieldItemTemplate({ children, className, buttonsProps, hasToolbar, index, registry, uiSchema }: ArrayFieldItemTemplateProps) {
  const Buttons = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  return (
    <div className={`${className} studio-array-item`}>
      {hasToolbar && (
        <div className="studio-array-item__toolbar" role="group" aria-label={`Item ${index + 1}`}>
          <span className="studio-array-item__index" aria-hidden="true">
            {index + 1}.
          </span>
          <Buttons {...buttonsProps} />
        </div>
      )}
      <div className="studio-array-item__body">{children}</div>
    </div>
  );
}

/**
 * A long definition's top level (site settings: some 230 fields) as sections: its simple settings
 * first, then each group or list in a section that opens on demand, named by its title. A click on a
 * problem inside one opens it (problems.ts `focusField`).
 */
export function StudioSectionsTemplate({ properties, schema, description }: ObjectFieldTemplateProps) {
  const props = (schema.properties ?? {}) as Record<string, { type?: unknown; title?: unknown; $ref?: unknown; properties?: unknown; items?: unknown }>;
  const isSection = (name: string) => {
    const p = props[name];
    return Boolean(p && (p.type === 'object' || p.type === 'array' || p.properties || p.items));
  };
  const visible = properties.filter((p) => !p.hidden);
  return (
    <div className="studio-sections">
      {description}
      {visible.filter((p) => !isSection(p.name)).map((p) => p.content)}
      {visible
        .filter((p) => isSection(p.name))
        .map((p) => (
          <details key={p.name} className="studio-section">
            <summary className="studio-section__title">{typeof props[p.name]?.title === 'string' ? String(props[p.name]!.title) : humanLabel(p.name)}</summary>
            {p.content}
          </details>
        ))}
    </div>
  );
}
