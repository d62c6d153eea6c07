/**
 * The block registry: one entry per block type of the page schema (schemas/page.schema.ts).
 * To add a block type: write its schema in schemas/blocks/, add it to `blockSchemas` in
 * page.schema.ts, then add ONE line here: `'my-type': defineBlock({ component: MyBlock, selectData })`.
 * The validator refuses unknown types before a page is served; the renderer still skips one it
 * cannot draw rather than crash.
 */
import type { Block } from '../../schemas/page.schema';
import { defineBlock, type BlockDataContext, type BlockDefinition } from './block-definition';
// Site shell blocks (C1)
import { AddressContact } from './AddressContact';
import { Banner } from './Banner';
import { BannerSlider } from './BannerSlider';
import { Breadcrumb } from './Breadcrumb';
import { NotFound } from './NotFound';
import { Placeholder } from './Placeholder';
import { Promotions } from './Promotions';
import { SchedulingWidget } from './SchedulingWidget';
import { Steps } from './Steps';
import { TextContent } from './TextContent';
import { TitleBanner } from './TitleBanner';
// Content and catalog blocks (C2)
import { catalogBlockRegistry } from './catalog-registry';

type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;
// `any` data: each entry's own definition is typed by defineBlock; the registry only routes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Registry = { [T in Block['type']]: BlockDefinition<BlockOf<T>, any> };

export const blockRegistry: Registry = {
  // Site shell blocks (C1)
  banner: defineBlock({ component: Banner }),
  'banner-slider': defineBlock({ component: BannerSlider }),
  'title-banner': defineBlock({ component: TitleBanner }),
  breadcrumb: defineBlock({ component: Breadcrumb }),
  'address-contact': defineBlock({ component: AddressContact }),
  'scheduling-widget': defineBlock({ component: SchedulingWidget }),
  text: defineBlock({ component: TextContent }),
  steps: defineBlock({ component: Steps }),
  placeholder: defineBlock({ component: Placeholder }),
  promotions: defineBlock({ component: Promotions }),
  'not-found': defineBlock({ component: NotFound }),
  // Content and catalog blocks (C2)
  ...catalogBlockRegistry,
};

function definitionOf(block: { type: string }): BlockDefinition<{ type: string }, unknown> | undefined {
  return (blockRegistry as unknown as Record<string, BlockDefinition<{ type: string }, unknown> | undefined>)[block.type];
}

/** Server only: the data a block needs for this request (undefined when it needs none or its type is unknown). */
export function selectBlockData(block: Block, ctx: BlockDataContext): unknown {
  return definitionOf(block)?.selectData?.(block, ctx);
}

export function RenderBlock({ block, data }: { block: Block; data: unknown }) {
  const definition = definitionOf(block);
  if (!definition) return null;
  const Component = definition.component;
  return <Component block={block} data={data} />;
}
