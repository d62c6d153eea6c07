/**
 * The page block `{type: 'form', form: '<name>'}` (schemas/blocks/form.schema.ts), ready for the
 * block registry: selectData (server only) picks the one form definition the block names from the
 * content, so the island's props carry that form and nothing else.
 */
import type { FormDefinition } from '../../schemas/forms/form.schema';
import type { FormBlock as FormBlockDefinition } from '../../schemas/blocks/form.schema';
import { defineBlock, type BlockDataContext, type BlockProps } from '../blocks/block-definition';
import { storeField } from '../blocks/store-data';
import { FormBlock, type FormBlockOptions } from './FormBlock';

export interface FormBlockData {
  form: FormDefinition | null;
  /** RECAPTCHA_SITE_KEY when the server has one (Content.recaptchaSiteKey); else the offline test captcha. */
  recaptchaSiteKey?: string;
}

export function selectFormBlockData(block: FormBlockDefinition, ctx: Pick<BlockDataContext, 'store'>): FormBlockData {
  const forms = storeField<Record<string, FormDefinition>>(ctx.store, 'forms') ?? {};
  const siteKey = storeField<string>(ctx.store, 'recaptchaSiteKey');
  return { form: forms[block.form] ?? null, ...(siteKey ? { recaptchaSiteKey: siteKey } : {}) };
}

export function FormPageBlock({ block, data }: BlockProps<FormBlockDefinition, FormBlockData>) {
  if (!data?.form) return null;
  const options: FormBlockOptions = { showTitle: block.showTitle, className: block.className, recaptchaSiteKey: data.recaptchaSiteKey };
  return (
    <div id={block.id}>
      <FormBlock form={data.form} options={options} />
    </div>
  );
}

export const formBlockEntry = defineBlock({ component: FormPageBlock, selectData: selectFormBlockData });
