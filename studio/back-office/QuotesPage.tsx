/**
 * The back office's quotes: the list (/studio/quotes), the builder (/studio/quotes/new, and a draft
 * opened again at /studio/quotes/:id/edit; editors and above) and one quote (/studio/quotes/:id).
 * A payment link is shown only when it is issued (the server keeps its hash alone), so the link a
 * quote is sent with is handed from the builder to the detail here, in memory, and never put in
 * the address.
 */
import { useEffect, useState } from 'react';
import { backOfficeQuotesClient, type BackOfficeQuotesClient, type IssuedLink } from '../api/back-office-quotes';
import { navigate, quotesPath } from '../app/router';
import { QuoteBuilder } from './QuoteBuilder';
import { QuoteDetail } from './QuoteDetail';
import { QuoteList } from './QuoteList';
import { QuotesClientContext } from './quote-client';
import './quotes.css';

export function QuotesPage({ id, edit = false, client = backOfficeQuotesClient }: { id: number | 'new' | null; edit?: boolean; client?: BackOfficeQuotesClient }) {
  const [issued, setIssued] = useState<{ quoteId: number; link: IssuedLink } | null>(null);
  // Leaving the new quote forgets its link: coming back shows its expiry, not the link again.
  useEffect(() => {
    if (issued && (id !== issued.quoteId || edit)) setIssued(null);
  }, [id, edit]);
  const onSaved = (quoteId: number, link: IssuedLink | null) => {
    setIssued(link ? { quoteId, link } : null);
    navigate(quotesPath(quoteId));
  };
  let screen;
  if (id === null) screen = <QuoteList />;
  else if (id === 'new') screen = <QuoteBuilder onSaved={onSaved} />;
  else if (edit) screen = <QuoteBuilder id={id} onSaved={onSaved} />;
  else screen = <QuoteDetail key={id} id={id} created={issued?.quoteId === id ? issued.link : null} />;
  return <QuotesClientContext.Provider value={client}>{screen}</QuotesClientContext.Provider>;
}
