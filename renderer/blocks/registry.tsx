/**
 * The block registry: one entry per block type of the page schema. The validator refuses unknown
 * types before a page is served; the renderer still skips one it cannot draw rather than crash.
 */
import type { ComponentType } from 'react';
import type { Block } from '../../schemas/page.schema';
import { Banner } from './Banner';
import { Cards } from './Cards';

type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;
type Registry = { [T in Block['type']]: ComponentType<{ block: BlockOf<T> }> };

export const blockRegistry: Registry = {
  banner: Banner,
  cards: Cards,
};

export function RenderBlock({ block }: { block: Block }) {
  const Component = blockRegistry[block.type] as ComponentType<{ block: Block }> | undefined;
  if (!Component) return null;
  return <Component block={block} />;
}
