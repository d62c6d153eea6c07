import { useEffect } from 'react';
import type { QuoteLinkBlock as QuoteLinkBlockDefinition } from '../../../schemas/blocks/quote-link.schema';
import type { BlockProps } from '../block-definition';
import { moveQuoteLinkToken } from './quote-link-token';

/** Shows nothing; moves the quote link's token out of the address bar as soon as the page runs. */
export function QuoteLinkBlock(_props: BlockProps<QuoteLinkBlockDefinition, undefined>) {
  useEffect(() => {
    moveQuoteLinkToken({ href: window.location.href, replace: (url) => window.history.replaceState(window.history.state, '', url) }, window.sessionStorage);
  }, []);
  return null;
}
