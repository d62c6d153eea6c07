/**
 * A payment link just issued: shown this once (the server keeps only its hash), in a read-only field
 * to copy. "Copy link" puts it on the clipboard; when the browser refuses, the text is selected for
 * the operator to copy by hand. "Download the quote with this link (PDF)" prints it in the PDF, the
 * one moment the studio can (the server prints a link only for its token).
 */
import { useId, useRef, useState, type Ref } from 'react';
import type { IssuedLink } from '../api/back-office-quotes';
import { Status, Time } from '../app/ui';

/** The quote's PDF with this link in it: the link's own quote id and token. */
function pdfWithLink(url: string): string | null {
  const link = new URL(url, 'http://link.invalid');
  const quoteId = link.searchParams.get('quoteId');
  const token = link.searchParams.get('token');
  return quoteId && token ? `/api/studio/quotes/${encodeURIComponent(quoteId)}/pdf?token=${encodeURIComponent(token)}` : null;
}

export function QuoteLinkBox({ link, boxRef }: { link: IssuedLink; boxRef?: Ref<HTMLDivElement> }) {
  const id = useId();
  const pdf = pdfWithLink(link.url);
  const inputRef = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');

  const copy = async () => {
    setSaid('');
    try {
      await navigator.clipboard.writeText(link.url);
      setSaid('Link copied.');
    } catch {
      inputRef.current?.focus();
      inputRef.current?.select();
      setSaid('The browser did not allow copying: the link is selected, copy it with Ctrl+C (⌘C on a Mac).');
    }
  };

  return (
    <div className="quote-link-box" role="region" aria-labelledby={`${id}-title`} tabIndex={-1} ref={boxRef}>
      <h3 className="quote-link-box__title" id={`${id}-title`}>
        New payment link
      </h3>
      <p className="quote-link-box__once">
        <strong>Shown only now.</strong> Copy it for the customer; the studio keeps no copy. Valid until <Time at={link.expiresAt} />.
      </p>
      <div className="quote-link-box__row">
        <label className="visually-hidden" htmlFor={id}>
          Payment link
        </label>
        <input id={id} ref={inputRef} className="field__input quote-link-box__url" type="text" readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button button--primary" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      {pdf ? (
        <a className="quote-link-box__pdf" href={pdf} download>
          Download the quote with this link (PDF)
        </a>
      ) : null}
      <Status className="quote-link-box__said">{said}</Status>
    </div>
  );
}
