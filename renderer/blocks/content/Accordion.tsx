import { useRef, useState, type KeyboardEvent } from 'react';
import { useIslandId } from '../../islands/use-island-id';
import { safeInlineHtml } from '../../../widgets/forms/inline-html';
import './accordion.css';

export interface AccordionItem {
  title: string;
  /** Text (simple HTML allowed) or a list of such texts. */
  description: string | readonly string[];
}

/**
 * One item open at a time. Headers are buttons (Enter/Space toggle); Up/Down move between
 * headers, Home/End jump to the first/last, as the WAI-ARIA accordion pattern describes.
 */
export function Accordion({ items, initiallyOpen = null, headingLevel = 3 }: { items: readonly AccordionItem[]; initiallyOpen?: number | null; headingLevel?: 2 | 3 | 4 }) {
  const [open, setOpen] = useState<number | null>(initiallyOpen);
  const baseId = useIslandId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const Heading = `h${headingLevel}` as 'h3';

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const last = items.length - 1;
    const target = e.key === 'ArrowDown' ? (i === last ? 0 : i + 1) : e.key === 'ArrowUp' ? (i === 0 ? last : i - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    if (target === null) return;
    e.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className="accordion">
      {items.map((item, i) => {
        const expanded = open === i;
        const headId = `${baseId}-h${i}`;
        const panelId = `${baseId}-p${i}`;
        return (
          <div className={`accordion__item${expanded ? ' accordion__item--open' : ''}`} key={i}>
            <Heading className="accordion__heading">
              <button
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="button"
                id={headId}
                className="accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
                onKeyDown={(e) => onKeyDown(e, i)}
              >
                <span>{item.title}</span>
                <span className="accordion__icon" aria-hidden="true" />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={headId} className="accordion__panel" hidden={!expanded}>
              {typeof item.description === 'string' ? (
                <div className="accordion__text" dangerouslySetInnerHTML={{ __html: safeInlineHtml(item.description) }} />
              ) : (
                <ul className="accordion__list">
                  {item.description.map((line, j) => (
                    <li key={j} dangerouslySetInnerHTML={{ __html: safeInlineHtml(line) }} />
                  ))}
                </ul>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
