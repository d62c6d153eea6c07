/**
 * The /newsletter/confirm/{confirmationToken} page's block (double opt-in), an island like
 * the unsubscribe block: the page is where the link of the confirmation e-mail lands, and its script
 * posts the token to the server, which subscribes the address. The click is a POST from the page,
 * not the GET of the link, so a mail scanner that fetches every link subscribes nobody. Then it says
 * that the subscription is confirmed, or why it is not (texts from the block's configuration).
 */
import { useState } from 'react';
import type { NewsletterConfirmBlock as NewsletterConfirmBlockDefinition } from '../../../schemas/blocks/newsletter-confirm.schema';
import { useIslandId } from '../../islands/use-island-id';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { linkTokenFromRoute, useLinkTokenCall, type LinkTokenData } from './link-token-page';
import { confirmSubscription } from './newsletter-subscription-api';

export type NewsletterConfirmBlockData = LinkTokenData;

export function selectNewsletterConfirmData(_block: NewsletterConfirmBlockDefinition, ctx: Pick<BlockDataContext, 'params'>): NewsletterConfirmBlockData {
  return linkTokenFromRoute(ctx, 'confirmationToken');
}

export const NEWSLETTER_CONFIRM_DEFAULTS = {
  title: 'Newsletter subscription',
  confirmedText: 'Your subscription to our newsletter is confirmed.',
  notFound: 'This confirmation link is not valid.',
  expired: 'This confirmation link has expired. Please sign up again to receive a new one.',
  failed: 'We could not confirm your subscription just now. Please try again later.',
} as const;

type View = { state: 'confirming' } | { state: 'confirmed'; email: string } | { state: 'failed'; error: string };

export function NewsletterConfirmBlock({ block, data }: BlockProps<NewsletterConfirmBlockDefinition, NewsletterConfirmBlockData>) {
  const token = data?.token ?? '';
  const text = { ...NEWSLETTER_CONFIRM_DEFAULTS, ...defined({ title: block.title, confirmedText: block.confirmedText }), ...defined(block.messages ?? {}) };
  const [view, setView] = useState<View>({ state: 'confirming' });
  const titleId = useIslandId();

  useLinkTokenCall(
    token,
    confirmSubscription,
    (r) => {
      if (r.ok) setView({ state: 'confirmed', email: r.subscription.email });
      else if (r.error === 'confirmation_not_found') setView({ state: 'failed', error: text.notFound });
      else if (r.error === 'confirmation_expired' || r.error === 'confirmation_used') setView({ state: 'failed', error: text.expired });
      else setView({ state: 'failed', error: text.failed });
    },
    () => setView({ state: 'failed', error: text.notFound }),
  );

  return (
    <section className="unsubscribe newsletter-confirm" id={block.id} aria-labelledby={titleId}>
      <h1 id={titleId} className="unsubscribe__title">
        {text.title}
      </h1>
      {view.state === 'confirming' && (
        <p className="unsubscribe__status" role="status">
          Confirming your subscription…
        </p>
      )}
      {view.state === 'confirmed' && (
        <>
          <p className="unsubscribe__status" role="status" data-confirmed="true">
            {text.confirmedText.replace('{email}', view.email)}
          </p>
          {block.text && <p className="unsubscribe__text">{block.text}</p>}
        </>
      )}
      {view.state === 'failed' && (
        <p className="unsubscribe__error" role="alert">
          {view.error}
        </p>
      )}
    </section>
  );
}

function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
