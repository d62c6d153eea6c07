/**
 * Whether a cards block has any behaviour: a slider, zoomable images, or a description long enough
 * for 'Read more'. Without one it is plain HTML and ships no JavaScript (renderer/islands).
 */
import type { ContentCardsBlock } from '../../../schemas/blocks/cards.schema';
import { DESCRIPTION_LIMIT, truncateAtWord } from '../content/truncate';

export function cardsNeedScript(block: ContentCardsBlock): boolean {
  if (block.layout === 'slider' || block.zoom) return true;
  return block.items.some((card) => card.description !== undefined && truncateAtWord(card.description, DESCRIPTION_LIMIT).truncated);
}
