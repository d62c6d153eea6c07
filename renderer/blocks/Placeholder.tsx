import type { PlaceholderBlock } from '../../schemas/blocks/placeholder.schema';
import { ActionLink } from '../components/ActionLink';
import { usePage } from '../page-context';

/** An honest note where a feature is not on the page yet; never a fake form. */
export function Placeholder({ block }: { block: PlaceholderBlock }) {
  const { params } = usePage();
  const Heading = block.headingLevel === 2 ? 'h2' : 'h1';
  const param = block.showParam ? params[block.showParam] : undefined;
  return (
    <section className="placeholder" id={block.id}>
      <Heading className="placeholder__title">{block.title}</Heading>
      {param && (
        <p className="placeholder__param">
          {block.paramLabel ? `${block.paramLabel} ` : ''}
          <strong>{param}</strong>
        </p>
      )}
      <p className="placeholder__message" role="note">
        {block.message}
      </p>
      {block.details?.map((line, i) => <p key={i}>{line}</p>)}
      {block.actions && block.actions.length > 0 && (
        <div className="placeholder__actions">
          {block.actions.map((action) => (
            <ActionLink key={action.path} action={action} />
          ))}
        </div>
      )}
    </section>
  );
}
