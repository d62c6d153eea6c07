/**
 * Everything an rjsf Form of the studio is given besides its data, made once at module level so
 * every render passes the same objects (rjsf re-renders and re-resolves what changes identity; the
 * studio notes: keep schema, uiSchema, widgets, fields and templates referentially stable). The
 * fields (the block list) are given by DefinitionForm, which owns them.
 */
import type { Experimental_DefaultFormStateBehavior, RegistryWidgetsType, TemplatesType, UiSchema } from '@rjsf/utils';
import { studioButtonTemplates } from './form-buttons';
import { StudioArrayFieldItemTemplate, StudioArrayFieldTitle, StudioCheckboxWidget, StudioFieldTemplate, StudioMultiSchemaFieldTemplate, StudioSectionsTemplate, StudioTitleField } from './form-labels';
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
