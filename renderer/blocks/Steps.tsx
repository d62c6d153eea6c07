import type { StepsBlock } from '../../schemas/blocks/text.schema';
import { ActionLink } from '../components/ActionLink';

/** Step numbers are padded to 2 digits. */
export function stepNumber(index: number): string {
  return String(index + 1).padStart(2, '0');
}

export function Steps({ block }: { block: StepsBlock }) {
  return (
    <section className="steps" id={block.id}>
      {block.title && <h2 className="steps__title">{block.title}</h2>}
      {block.intro && <p className="steps__intro">{block.intro}</p>}
      {/* Four (or eight) steps sit four to a row on desktop, so none is left alone on the last row. */}
      <ol className={`steps__list${block.steps.length % 4 === 0 ? ' steps__list--four' : ''}`}>
        {block.steps.map((step, i) => (
          <li className="steps__item" key={i}>
            <span className="steps__number" aria-hidden="true">
              {stepNumber(i)}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
            {step.action && <ActionLink action={{ variant: 'link', ...step.action }} />}
          </li>
        ))}
      </ol>
    </section>
  );
}
