import type { NotFoundBlock } from '../../schemas/blocks/not-found.schema';
import type { BlockDataContext, BlockProps } from './block-definition';

export type NotFoundVariant = 'v1' | 'v2';

/** The variant (block `variant`, else site.json `notFound.variant`), picked on the server: the island gets it as data. */
export function selectNotFoundData(block: NotFoundBlock, ctx: BlockDataContext): { variant: NotFoundVariant } {
  return { variant: block.variant ?? ctx.settings.notFound?.variant ?? 'v1' };
}

export const NOT_FOUND_DEFAULT_TITLE = 'Page not found';

/** The not-found page's message with 'Go back' and 'Go to home'; the route answers 404. */
export function NotFound({ block, data }: BlockProps<NotFoundBlock, { variant: NotFoundVariant } | undefined>) {
  const variant = block.variant ?? data?.variant ?? 'v1';
  const goBack = () => {
    // A visitor who landed here from outside has nothing to go back to: send them home instead.
    if (window.history.length > 1 && document.referrer.startsWith(window.location.origin)) window.history.back();
    else window.location.assign('/');
  };
  return (
    <section className={`not-found not-found--${variant}`} id={block.id} aria-labelledby="not-found-title">
      {variant === 'v2' && (
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
      )}
      <h1 id="not-found-title" className="not-found__title">
        {block.title ?? NOT_FOUND_DEFAULT_TITLE}
      </h1>
      {block.text && <p className="not-found__text">{block.text}</p>}
      <div className="not-found__actions">
        <button type="button" className="button button--secondary" onClick={goBack}>
          Go back
        </button>
        <a className="button button--primary" href="/">
          Go to home
        </a>
      </div>
      {variant === 'v2' && block.links && block.links.length > 0 && (
        <nav className="not-found__links" aria-label="Suggested pages">
          <ul>
            {block.links.map((link) => (
              <li key={link.path}>
                <a href={link.path}>{link.text}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
