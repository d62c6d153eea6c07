import type { TextBlock } from '../../schemas/blocks/text.schema';
import { ActionLink } from '../components/ActionLink';

/** Plain-text sections: policies, about and service pages. */
export function TextContent({ block }: { block: TextBlock }) {
  const side = block.imagePosition ?? 'right';
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
              {section.heading && <h3>{section.heading}</h3>}
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
        <img className="text-block__image" src={block.image.src} alt={block.image.alt} width={block.image.width} height={block.image.height} loading="lazy" />
      )}
    </section>
  );
}
