/**
 * The page block `{type: 'popup', popups: [...]}` (schemas/blocks/popup.schema.ts), ready for the
 * block registry: selectData (server only) picks the named popups and the forms their form
 * components use, so the island's props carry exactly those.
 */
import type { PopupBlock } from '../../schemas/blocks/popup.schema';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import type { PopupDefinition } from '../../schemas/forms/popup.schema';
import { defineBlock, type BlockDataContext, type BlockProps } from '../blocks/block-definition';
import { storeField } from '../blocks/store-data';
import { PopupHost } from './PopupHost';

export interface PopupBlockData {
  popups: PopupDefinition[];
  forms: Record<string, FormDefinition>;
  recaptchaSiteKey?: string;
}

/** The popups named and the forms they hold, from the content's popups and forms. */
export function selectPopupData(names: readonly string[], store: BlockDataContext['store']): PopupBlockData {
  const allPopups = storeField<Record<string, PopupDefinition>>(store, 'popups') ?? {};
  const allForms = storeField<Record<string, FormDefinition>>(store, 'forms') ?? {};
  const popups = names.map((n) => allPopups[n]).filter((p): p is PopupDefinition => p !== undefined);
  const forms: Record<string, FormDefinition> = {};
  for (const p of popups) for (const c of p.components ?? []) if (c.type === 'form' && allForms[c.form]) forms[c.form] = allForms[c.form]!;
  const siteKey = storeField<string>(store, 'recaptchaSiteKey');
  return { popups, forms, ...(siteKey ? { recaptchaSiteKey: siteKey } : {}) };
}

export function PopupPageBlock({ data }: BlockProps<PopupBlock, PopupBlockData>) {
  if (!data || data.popups.length === 0) return null;
  return <PopupHost popups={data.popups} forms={data.forms} formOptions={{ recaptchaSiteKey: data.recaptchaSiteKey }} />;
}

export const popupBlockEntry = defineBlock({
  component: PopupPageBlock,
  selectData: (block: PopupBlock, ctx: BlockDataContext) => selectPopupData(block.popups, ctx.store),
});
