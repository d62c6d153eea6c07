/**
 * The block registry: one entry per block type of the page schema (schemas/page.schema.ts).
 * To add a block type: write its schema in schemas/blocks/, add it to `blockSchemas` in
 * page.schema.ts, then add ONE line here: `'my-type': defineBlock({ component: MyBlock, selectData })`.
 * The validator refuses unknown types before a page is served; the renderer still skips one it
 * cannot draw rather than crash.
 */
import type { Block } from '../../schemas/page.schema';
import { defineBlock, type BlockDataContext, type BlockDefinition } from './block-definition';
import { Banner } from './Banner';
import { Cards } from './Cards';
import { NotFound } from './NotFound';

type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;
// `any` data: each entry's own definition is typed by defineBlock; the registry only routes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Registry = { [T in Block['type']]: BlockDefinition<BlockOf<T>, any> };

export const blockRegistry: Registry = {
  banner: defineBlock({ component: Banner }),
  cards: defineBlock({ component: Cards }),
  'not-found': defineBlock({ component: NotFound }),
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
