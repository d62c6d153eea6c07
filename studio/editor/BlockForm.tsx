/**
 * One block of a page as its own small rjsf form: the root schema is that block type's published
 * schema (chosen when the block was added, never switched in a oneOf list), validated as it is typed
 * by the type's precompiled validator, with the site's problems for this block at their fields.
 * Memoised: typing in one block re-renders that block's form only.
 */
import { memo, useCallback, useSyncExternalStore } from 'react';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { blockCatalogue } from './block-catalogue';
import type { BlockData } from './block-list';
import type { EditorFormContext } from './editor-context';
import { blockSchemaByType } from './form-schemas';
import { blockTemplates, blockUiSchema, defaultFormStateBehavior, nestedBlockUi, studioWidgets } from './form-parts';
import { keepKeyOrder } from './key-order';

export interface BlockFormProps {
  blockId: string;
  index: number;
  block: BlockData;
  schema: RJSFSchema;
  validator: ValidatorType;
  formContext: EditorFormContext;
  readOnly: boolean;
  onChange(blockId: string, block: BlockData): void;
}

/** Each type's form opens with the catalogue's plain line, not the schema's reference text (one object per type, so memoised forms stay put). */
const uiSchemaByType = new Map<string, UiSchema>(blockCatalogue.map((e) => [e.type, { ...nestedBlockUi(blockSchemaByType.get(e.type) ?? {}), ...blockUiSchema, 'ui:description': e.description }]));

export const BlockForm = memo(function BlockForm({ blockId, index, block, schema, validator, formContext, readOnly, onChange }: BlockFormProps) {
  const store = formContext.problems;
  const prefix = `/blocks/${index}`;
  const extraErrors = useSyncExternalStore(store.subscribe, () => store.errorSchemaUnder(prefix));
  const handleChange = useCallback((e: IChangeEvent) => onChange(blockId, keepKeyOrder(block, e.formData as BlockData)), [blockId, block, onChange]);
  return (
    <Form
      tagName="div"
      className="studio-block-form"
      idPrefix={blockId}
      schema={schema}
      uiSchema={uiSchemaByType.get(String(block.type)) ?? blockUiSchema}
      validator={validator}
      formData={block}
      formContext={formContext}
      widgets={studioWidgets}
      templates={blockTemplates}
      extraErrors={extraErrors}
      liveValidate="onChange"
      showErrorList={false}
      noHtml5Validate
      readonly={readOnly}
      experimental_defaultFormStateBehavior={defaultFormStateBehavior}
      onChange={handleChange}
    />
  );
});
