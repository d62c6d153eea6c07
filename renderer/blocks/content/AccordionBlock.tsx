import type { AccordionBlock as AccordionBlockDef } from '../../../schemas/blocks/accordion.schema';
import type { BlockProps } from '../block-definition';
import { Accordion } from './Accordion';

export function AccordionBlock({ block }: BlockProps<AccordionBlockDef>) {
  return (
    <section className="faq-block" id={block.id} aria-label={block.title ?? 'Details'}>
      {block.title && <h2 className="faq-block__title">{block.title}</h2>}
      {block.items.length === 0 ? <p className="empty">No Data Found</p> : <Accordion items={block.items} initiallyOpen={block.initiallyOpen ?? null} />}
    </section>
  );
}
