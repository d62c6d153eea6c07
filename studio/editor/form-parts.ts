/**
 * Everything an rjsf Form of the studio is given besides its data, made once at module level so
 * every render passes the same objects (rjsf re-renders and re-resolves what changes identity; the
 * studio notes: keep schema, uiSchema, widgets, fields and templates referentially stable). The
 * fields (the block list) are given by DefinitionForm, which owns them.
 */
import type { Experimental_DefaultFormStateBehavior, RegistryWidgetsType, TemplatesType, UiSchema } from '@rjsf/utils';
import { studioButtonTemplates } from './form-buttons';
import { StudioArrayFieldItemTemplate, StudioArrayFieldTitle, StudioCheckboxWidget, StudioFieldTemplate, StudioMoreTemplate, StudioMultiSchemaFieldTemplate, StudioSectionsTemplate, StudioTitleField } from './form-labels';
import type { DefinitionSchemaName } from './form-schemas';
import { SmartTextWidget } from './widgets/SmartTextWidget';

export const studioWidgets: RegistryWidgetsType = { TextWidget: SmartTextWidget, CheckboxWidget: StudioCheckboxWidget };

export const studioTemplates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & { ButtonTemplates: Partial<TemplatesType['ButtonTemplates']> } = {
  ButtonTemplates: studioButtonTemplates,
  FieldTemplate: StudioFieldTemplate,
  TitleFieldTemplate: StudioTitleField,
  ArrayFieldTitleTemplate: StudioArrayFieldTitle,
  MultiSchemaFieldTemplate: StudioMultiSchemaFieldTemplate,
  ArrayFieldItemTemplate: StudioArrayFieldItemTemplate,
};

/** A block's form: the same, with each group's technical fields under "More". */
export const blockTemplates: typeof studioTemplates = { ...studioTemplates, ObjectFieldTemplate: StudioMoreTemplate };

/**
 * Opening a file must not change it: no empty objects or minItems placeholders are added, no `false`
 * for a boolean nobody answered. What is in the file stays; what the operator adds is what is saved.
 */
export const defaultFormStateBehavior: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { populate: 'never' },
  emptyObjectFields: 'skipEmptyDefaults',
  requiredBooleanDefault: 'skip',
  constAsDefaults: 'always',
};

const noSubmit = { 'ui:submitButtonOptions': { norender: true } } as const;

const uiSchemas = new Map<DefinitionSchemaName, UiSchema>();

/** The uiSchema of a kind's form: the `$schema` line hidden, and for a page the block list as its own field. */
export function uiSchemaFor(kind: DefinitionSchemaName): UiSchema {
  let ui = uiSchemas.get(kind);
  if (!ui) {
    ui = {
      ...noSubmit,
      'ui:title': '',
      $schema: { 'ui:widget': 'hidden' },
      ...(kind === 'page' ? { blocks: { 'ui:field': 'BlockList' } } : {}),
      ...(kind === 'site-settings' ? { 'ui:ObjectFieldTemplate': StudioSectionsTemplate } : {}),
    };
    uiSchemas.set(kind, ui);
  }
  return ui;
}

/** Every block form's uiSchema: the type is chosen when the block is added, and its card already names it. */
export const blockUiSchema: UiSchema = { ...noSubmit, 'ui:title': '', 'ui:description': '', type: { 'ui:widget': 'hidden' } };

/** A button's look in words, its default shown when none is chosen (never a blank choice). */
const BUTTON_LOOKS: UiSchema = { 'ui:enumNames': ['Filled button', 'Outlined button', 'Text link'], 'ui:placeholder': 'Filled button (the default)' };

type SchemaNode = { properties?: Record<string, SchemaNode>; items?: SchemaNode; enum?: readonly unknown[] };

/** The uiSchema of a block type's schema below its root: each button's look (`variant`) in words, wherever a button is. */
export function nestedBlockUi(schema: object): UiSchema {
  const ui: UiSchema = {};
  for (const [name, child] of Object.entries((schema as SchemaNode).properties ?? {})) {
    if (name === 'variant' && JSON.stringify(child.enum) === '["primary","secondary","link"]') ui[name] = BUTTON_LOOKS;
    else if (child.properties) {
      const inner = nestedBlockUi(child);
      if (Object.keys(inner).length) ui[name] = inner;
    } else if (child.items?.properties) {
      const inner = nestedBlockUi(child.items);
      if (Object.keys(inner).length) ui[name] = { items: inner };
    }
  }
  return ui;
}
