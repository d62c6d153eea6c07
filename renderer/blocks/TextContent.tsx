import type { TextBlock } from '../../schemas/blocks/text.schema';
import { responsiveImageProps } from '../components/responsive-image';
import { ActionLink } from '../components/ActionLink';

/** Plain-text sections: policies, about and service pages. */
export function TextContent({ block }: { block: TextBlock }) {
  const side = block.imagePosition ?? 'right';
  // Under the block's own title a section is a level below it; without one (a policy page under its
  // title banner's h1) it is the next level down from the page's title, so no level is skipped.
  const SectionHeading = block.title ? 'h3' : 'h2';
  return (
    <section className={`text-block${block.image ? ` text-block--image-${side}` : ''}`} id={block.id}>
      <div className="text-block__body">
        {block.title && <h2 className="text-block__title">{block.title}</h2>}
        {block.updated && <p className="text-block__updated">Last updated: {block.updated}</p>}
        {block.intro && <p className="text-block__intro">{block.intro}</p>}
        {block.sections.map((section, i) => {
          const List = section.ordered ? 'ol' : 'ul';
          return (
            <div className="text-block__section" key={i}>
              {section.heading && <SectionHeading className="text-block__heading">{section.heading}</SectionHeading>}
              {section.paragraphs?.map((p, j) => <p key={j}>{p}</p>)}
              {section.list && section.list.length > 0 && (
                <List>
                  {section.list.map((item, j) => (
                    <li key={j}>{item}</li>
                  ))}
                </List>
              )}
            </div>
          );
        })}
        {block.action && <ActionLink action={block.action} />}
      </div>
      {block.image && (
        <img className="text-block__image" src={block.image.src} {...responsiveImageProps(block.image, '(min-width: 900px) 50vw, 100vw')} alt={block.image.alt} width={block.image.width} height={block.image.height} loading="lazy" />
      )}
    </section>
  );
}
