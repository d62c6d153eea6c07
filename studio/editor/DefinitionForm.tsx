/**
 * The form of one definition, generated from its kind's schema (form-schemas.ts) with rjsf, checked
 * as it is typed by the kind's precompiled validator. A page's blocks are the BlockList field, each
 * block its own form. The site's problems for this file are shown at their fields (extraErrors);
 * those under /blocks/… are shown by the block forms instead.
 */
import { memo, useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RegistryFieldsType } from '@rjsf/utils';
import { BlockListField } from './BlockListField';
import type { EditorFormContext } from './editor-context';
import { defaultFormStateBehavior, studioTemplates, studioWidgets, uiSchemaFor } from './form-parts';
import { keepKeyOrder } from './key-order';
import { errorSchemaOf, focusField, pointerToPath } from './problems';
import type { KindValidators } from './validators';

const studioFields: RegistryFieldsType = { BlockList: BlockListField };

export interface DefinitionFormProps {
  validators: KindValidators;
  data: unknown;
  formContext: EditorFormContext;
  readOnly: boolean;
  onChange(data: unknown): void;
}

export const DefinitionForm = memo(function DefinitionForm({ validators, data, formContext, readOnly, onChange }: DefinitionFormProps) {
  const store = formContext.problems;
  const cache = useRef<{ site: unknown; errors: ReturnType<typeof errorSchemaOf> } | null>(null);
  const extraErrors = useSyncExternalStore(store.subscribe, () => {
    const site = store.siteProblems();
    if (cache.current?.site !== site) {
      cache.current = { site, errors: errorSchemaOf(validators.kind === 'page' ? site.filter((p) => !p.pointer.startsWith('/blocks/')) : site) };
    }
    return cache.current.errors;
  });
  const handleChange = useCallback((e: IChangeEvent) => onChange(keepKeyOrder(data, e.formData)), [data, onChange]);
  // A click on a problem: its field, unless a block holds it (the block list opens the block for that).
  useEffect(
    () =>
      store.onFocus((pointer) => {
        if (validators.kind === 'page' && /^\/blocks\/\d+/.test(pointer)) return;
        focusField('def', pointerToPath(pointer));
      }),
    [store, validators.kind],
  );
  return (
    <Form
      tagName="div"
      className="studio-definition-form"
      idPrefix="def"
      schema={validators.schema}
      uiSchema={uiSchemaFor(validators.kind)}
      validator={validators.root}
      formData={data}
      formContext={formContext}
      widgets={studioWidgets}
      fields={studioFields}
      templates={studioTemplates}
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
