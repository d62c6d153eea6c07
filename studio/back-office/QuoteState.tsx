/**
 * A quote's state as the list and the detail say it: a word in a pill (the word carries the
 * meaning, the colour only helps), with the link's expiry or the order the quote became.
 */
import type { QuoteState as State } from '../../schemas/api/back-office-quotes';
import type { QuoteSummary } from '../api/back-office-quotes';
import { Link, ordersPath } from '../app/router';
import { Time } from '../app/ui';

export const QUOTE_STATE_LABEL: Record<State, string> = {
  draft: 'Draft',
  no_link: 'No link',
  open: 'Open',
  expired: 'Expired',
  converted: 'Converted',
  paid: 'Paid',
};

/** The state filter's choices, in the order a quote goes through them. */
export const QUOTE_STATE_CHOICES: { value: State; label: string }[] = [
  { value: 'draft', label: 'Draft (not sent)' },
  { value: 'open', label: 'Open' },
  { value: 'expired', label: 'Expired' },
  { value: 'no_link', label: 'No link issued' },
  { value: 'converted', label: 'Converted to an order' },
  { value: 'paid', label: 'Paid' },
];

export function QuoteStatePill({ state }: { state: State }) {
  return <span className={`quote-state quote-state--${state}`}>{QUOTE_STATE_LABEL[state]}</span>;
}

/** The pill and what goes with it: "Open until …", "Expired …", "Converted to order #N" (a link to the order). */
export function QuoteStateLine({ quote }: { quote: Pick<QuoteSummary, 'state' | 'link' | 'order'> }) {
  const { state, link, order } = quote;
  return (
    <span className="quote-state-line">
      <QuoteStatePill state={state} />
      {state === 'open' && link.expiresAt ? (
        <span className="quote-state-line__more">
          until <Time at={link.expiresAt} />
        </span>
      ) : null}
      {state === 'expired' && link.expiresAt ? (
        <span className="quote-state-line__more">
          since <Time at={link.expiresAt} />
        </span>
      ) : null}
      {order ? (
        <span className="quote-state-line__more">
          {state === 'paid' ? 'order ' : 'to order '}
          <Link href={ordersPath(order.id)}>#{order.number}</Link>
        </span>
      ) : null}
    </span>
  );
}
