/**
 * The /unsubscribe/{unsubscribeToken} page's block, an island: it reads
 * the subscription of the link's token from the server, and its one button toggles it (unsubscribe,
 * then subscribe again, and so on), each click a real call. An unknown token says so plainly; the
 * other failures show the messages of the block's configuration.
 */
import { useState } from 'react';
import type { UnsubscribeBlock as UnsubscribeBlockDefinition } from '../../../schemas/blocks/unsubscribe.schema';
import { useIslandId } from '../../islands/use-island-id';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { linkTokenFromRoute, useLinkTokenCall, type LinkTokenData } from './link-token-page';
import { readSubscription, setSubscribed, type SubscriptionView } from './newsletter-subscription-api';

export type UnsubscribeBlockData = LinkTokenData;

export function selectUnsubscribeData(_block: UnsubscribeBlockDefinition, ctx: Pick<BlockDataContext, 'params'>): UnsubscribeBlockData {
  return linkTokenFromRoute(ctx, 'unsubscribeToken');
}

export const UNSUBSCRIBE_DEFAULTS = {
  title: 'Unsubscribe from the newsletter',
  subscribedText: '{email} is subscribed to our newsletter.',
  unsubscribedText: '{email} will no longer receive our newsletter.',
  unsubscribeButton: 'Unsubscribe',
  resubscribeButton: 'Subscribe again',
  notFound: 'This unsubscribe link is not valid: no subscription has this token.',
  unsubscribeFailed: 'We could not unsubscribe you. Please try again later.',
  resubscribeFailed: 'We could not subscribe you again. Please try again later.',
  loadFailed: 'We could not load your subscription. Please try again later.',
} as const;

type View =
  | { state: 'loading' }
  | { state: 'ready'; subscription: SubscriptionView; message: string | null; error: string | null; busy: boolean }
  | { state: 'failed'; error: string };

export function UnsubscribeBlock({ block, data }: BlockProps<UnsubscribeBlockDefinition, UnsubscribeBlockData>) {
  const token = data?.token ?? '';
  const text = { ...UNSUBSCRIBE_DEFAULTS, ...stripUndefined(block), ...stripUndefined(block.messages ?? {}) };
  const [view, setView] = useState<View>({ state: 'loading' });
  const titleId = useIslandId();

  useLinkTokenCall(
    token,
    readSubscription,
    (r) => {
      if (r.ok) setView({ state: 'ready', subscription: r.subscription, message: null, error: null, busy: false });
      else setView({ state: 'failed', error: r.error === 'subscription_not_found' ? text.notFound : text.loadFailed });
    },
    () => setView({ state: 'failed', error: text.notFound }),
  );

  const toggle = async () => {
    if (view.state !== 'ready' || view.busy) return;
    const wanted = !view.subscription.subscribed;
    setView({ ...view, busy: true, error: null, message: null });
    const r = await setSubscribed(token, wanted);
    if (r.ok) setView({ state: 'ready', subscription: r.subscription, message: r.message, error: null, busy: false });
    else if (r.error === 'subscription_not_found') setView({ state: 'failed', error: text.notFound });
    else setView({ ...view, busy: false, message: null, error: wanted ? text.resubscribeFailed : text.unsubscribeFailed });
  };

  return (
    <section className="unsubscribe" id={block.id} aria-labelledby={titleId}>
      <h1 id={titleId} className="unsubscribe__title">
        {text.title}
      </h1>
      {block.text && <p className="unsubscribe__text">{block.text}</p>}
      {view.state === 'loading' && (
        <p className="unsubscribe__status" role="status">
          Checking your subscription…
        </p>
      )}
      {view.state === 'failed' && (
        <p className="unsubscribe__error" role="alert">
          {view.error}
        </p>
      )}
      {view.state === 'ready' && (
        <>
          <p className="unsubscribe__status" data-subscribed={view.subscription.subscribed}>
            {(view.subscription.subscribed ? text.subscribedText : text.unsubscribedText).replace('{email}', view.subscription.email)}
          </p>
          <p>
            <button type="button" className="button button--primary" onClick={toggle} disabled={view.busy} aria-busy={view.busy || undefined}>
              {view.subscription.subscribed ? text.unsubscribeButton : text.resubscribeButton}
            </button>
          </p>
          <div aria-live="polite">
            {view.message && <p className="unsubscribe__message">{view.message}</p>}
            {view.error && (
              <p className="unsubscribe__error" role="alert">
                {view.error}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== undefined && k !== 'type' && k !== 'messages' && k !== 'id')) as Partial<T>;
}
