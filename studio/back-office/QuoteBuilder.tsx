/**
 * The quote builder (editors and above): a new quote, or a draft opened again. The customer,
 * catalog lines (found by code, name, style or kind) with their quantities, finishes and notes, a
 * discount, the addresses, and the totals the server computes after each change. "Save draft"
 * stores it as it is (no link; a designer hands it to a publisher, who opens it from the quotes
 * list); "Create quote" (or "Send quote", for a draft) stores it and issues its first payment link.
 * The server's refusals appear at the fields they name (`customer.email`, `lines.0.qty`,
 * `billingAddress.zipCode` …).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { discountNeedsPublisher, LINK_DAYS_MESSAGE } from '../../schemas/api/back-office-quotes';
import type { CabinetListRead, CatalogLine, IssuedLink } from '../api/back-office-quotes';
import { StudioApiError } from '../api/studio-client';
import { Link, quotesPath } from '../app/router';
import { atLeast, useStudio } from '../app/studio-context';
import { Alert, Field, ListState, PageTitle, Status, useLoad } from '../app/ui';
import { QuoteAddressFields } from './QuoteAddressFields';
import { QuoteCatalogSearch } from './QuoteCatalogSearch';
import { quotesListAddress } from './QuoteList';
import { useQuotesClient } from './quote-client';
import { createRequest, draftFromRequest, emptyDraft, sameDiscount, finishKey, finishesOfLines, lineName, newLine, priceRequest, withFinishOnEveryLine, type AddressDraft, type AddressField, type AddressKind, type LineDraft, type QuoteDraft } from './quote-draft';
import { QuoteCabinetImport } from './QuoteCabinetImport';
import { QuoteEveryLineFinish } from './QuoteEveryLineFinish';
import { QuoteLineRow } from './QuoteLineRow';
import { useQuotePrice } from './quote-price';
import { QuoteTotalsPanel } from './QuoteTotals';

type OnSaved = (quoteId: number, link: IssuedLink | null) => void;

/** A draft already stored: its id, number and revision (the save it was opened at), and the SKUs of its lines the catalog no longer has. */
interface SavedDraft {
  id: number;
  number: string;
  revision: string;
  missing: readonly string[];
}

function BackToQuotes() {
  return (
    <p className="quote-back">
      <Link href={quotesListAddress()}>
        <span aria-hidden="true">← </span>All quotes
      </Link>
    </p>
  );
}

export function QuoteBuilder({ id, onSaved }: { id?: number; onSaved: OnSaved }) {
  const { operator } = useStudio();
  const title = id === undefined ? 'New quote' : 'Draft quote';
  if (!atLeast(operator, 'editor'))
    return (
      <main id="main" className="page page--narrow">
        <PageTitle title={title}>{title}</PageTitle>
        <p>Viewers read quotes but cannot create or change them. An admin can make you an editor.</p>
        <p>
          <Link href={id === undefined ? quotesPath() : quotesPath(id)}>{id === undefined ? 'Back to the quotes' : 'Back to the quote'}</Link>
        </p>
      </main>
    );
  if (id === undefined) return <QuoteForm initial={emptyDraft} saved={null} onSaved={onSaved} />;
  return <ReopenedDraft key={id} id={id} onSaved={onSaved} />;
}

let lineKeys = 0;
const nextLineKey = () => ++lineKeys;

/** A draft opened again: its last saved body, with its lines as the catalog has them now. */
function ReopenedDraft({ id, onSaved }: { id: number; onSaved: OnSaved }) {
  const client = useQuotesClient();
  const { failure } = useStudio();
  const [stored, reload] = useLoad((signal) => client.draft(id, signal), failure, [client, id]);
  if (stored.state === 'ready') {
    const d = stored.value;
    return <QuoteForm initial={() => draftFromRequest(d.request, d.items, nextLineKey)} saved={{ id: d.id, number: d.number, revision: d.revision, missing: d.missing }} onSaved={onSaved} />;
  }
  return (
    <main id="main" className="page quote-builder-page">
      <div className="page__head">
        <BackToQuotes />
        <PageTitle title="Draft quote">Draft quote</PageTitle>
      </div>
      <ListState data={stored} what="the draft" isEmpty={() => false} retry={reload} empty={null}>
        {() => null}
      </ListState>
      {stored.state === 'error' ? (
        <p>
          <Link href={quotesPath(id)}>See the quote</Link>
        </p>
      ) : null}
    </main>
  );
}

function QuoteForm({ initial, saved, onSaved }: { initial: () => QuoteDraft; saved: SavedDraft | null; onSaved: OnSaved }) {
  const client = useQuotesClient();
  const { failure, operator } = useStudio();
  const publisher = atLeast(operator, 'publisher');
  const [opened] = useState<QuoteDraft>(initial);
  const [draft, setDraft] = useState<QuoteDraft>(opened);
  // A discount above the limit that a draft already held (a publisher's) may be kept by anyone, unchanged.
  const discountKept = saved !== null && sameDiscount(opened.discount, draft.discount);
  // The refusal of the last "Create quote", field by field; a field's own error goes when it is edited.
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [said, setSaid] = useState('');
  /** What is being stored: the draft as it is, or the quote sent. */
  const [busy, setBusy] = useState<'' | 'draft' | 'send'>('');
  const [focusRound, setFocusRound] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [price, retryPrice] = useQuotePrice(priceRequest(draft), failure);
  const errors: Record<string, string> = { ...refused, ...(price.state === 'invalid' ? price.fields : {}) };

  // After a refused create, the first field it names takes the focus (its error is read with it).
  useEffect(() => {
    if (focusRound) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRound]);

  const clear = (...keys: string[]) => {
    if (keys.some((k) => k in refused)) setRefused((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k))));
  };
  const change = (next: (d: QuoteDraft) => QuoteDraft, ...keys: string[]) => {
    setDraft(next);
    clear(...keys);
  };

  const setCustomer = (field: keyof QuoteDraft['customer'], value: string) =>
    change((d) => {
      const billing = { ...d.billingAddress };
      // The billing name and phone follow the customer's until they are typed in differently.
      const follows: Partial<Record<typeof field, AddressField>> = { firstName: 'firstName', lastName: 'lastName', phone: 'phoneNumber' };
      const mirror = follows[field];
      if (mirror && billing[mirror] === d.customer[field]) billing[mirror] = value;
      return { ...d, customer: { ...d.customer, [field]: value }, billingAddress: billing };
    }, `customer.${field}`);

  const setAddress = (kind: AddressKind) => (field: AddressField, value: string) =>
    change((d) => ({ ...d, [kind]: { ...d[kind], [field]: value } as AddressDraft }), `${kind}.${field}`, kind);

  const setLine = (key: number, index: number, patch: Partial<LineDraft>, ...fields: string[]) =>
    change((d) => ({ ...d, lines: d.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) }), ...fields.map((f) => `lines.${index}.${f}`));

  /** One finish on every line that may be made in it; the server prices them again. */
  const finishEveryLine = (key: string, label: string) => {
    const { changed, lacking } = withFinishOnEveryLine(draft.lines, key);
    change((d) => ({ ...d, lines: withFinishOnEveryLine(d.lines, key).lines }), ...draft.lines.map((_, i) => `lines.${i}.finish`));
    const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;
    setSaid(`${label} on every line: ${lines(changed)} changed${lacking ? `; ${lines(lacking)} of a style without it kept ${lacking === 1 ? 'its' : 'their'} finish` : ''}.`);
  };

  /** A new line goes in the room of the line before it: a kitchen is quoted wall by wall. */
  const addLine = (item: CatalogLine | null) => {
    const line = newLine(nextLineKey(), item, draft.lines.at(-1)?.group ?? '');
    change((d) => ({ ...d, lines: [...d.lines, line] }), 'lines');
    setSaid(item ? '' : 'Added a free line: describe it and give its price.');
  };

  /** The lines a cabinet list was read into, each with its quantity and finish, in the room of the line before them. */
  const addImported = (rows: CabinetListRead['lines']) =>
    change(
      (d) => ({
        ...d,
        lines: [
          ...d.lines,
          ...rows.map((r) => ({ ...newLine(nextLineKey(), r.item, d.lines.at(-1)?.group ?? ''), qty: String(r.line.qty), finish: r.line.finish ? finishKey(r.line.finish) : '' })),
        ],
      }),
      'lines',
    );

  const removeLine = (line: LineDraft) => {
    setDraft((d) => ({ ...d, lines: d.lines.filter((l) => l.key !== line.key) }));
    // The lines after it move up: their errors would name the wrong line.
    setRefused((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !k.startsWith('lines.'))));
    setSaid(`Removed ${lineName(line)}.`);
    searchRef.current?.focus();
  };

  /** Stores the draft as it is, or sends it (checked as a new quote is, its link issued). */
  const store = async (mode: 'draft' | 'send') => {
    if (busy) return;
    setBusy(mode);
    setAlert('');
    setSaid('');
    const body = createRequest(draft, { draft: mode === 'draft' });
    try {
      // The revision it was opened at: a save made meanwhile by someone else is refused, not overwritten.
      const stored = saved ? await client.update(saved.id, { ...body, revision: saved.revision }) : await client.create(body);
      onSaved(stored.quote.id, stored.link);
    } catch (error) {
      const what = mode === 'draft' ? 'The draft was not saved' : saved ? 'The quote was not sent' : 'The quote was not created';
      if (error instanceof StudioApiError && (error.status === 400 || (error.status === 403 && Object.keys(error.fields).length > 0))) {
        const fields = error.fields;
        setRefused(fields);
        const count = Object.keys(fields).length;
        setAlert(count > 1 ? `${what}: ${count} fields need a correction. The first: ${error.message}` : `${what}: ${error.message}`);
        setFocusRound((n) => n + 1);
      } else {
        const message = failure(error);
        if (message) setAlert(`${what}: ${message}`);
      }
    } finally {
      setBusy('');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store('send');
  };

  const priced = price.state === 'ready' ? price.price : price.state === 'pending' ? price.last : null;
  const c = draft.customer;
  const title = saved ? `Draft ${saved.number}` : 'New quote';
  const send = saved ? 'Send quote' : 'Create quote';

  return (
    <main id="main" className="page quote-builder-page">
      <div className="page__head">
        <BackToQuotes />
        <PageTitle title={title}>{title}</PageTitle>
        <p className="page__intro">
          {saved ? 'Saved, not sent: change it and save it again, or send it. ' : ''}Lines come from the catalog at its prices; the server computes shipping and tax from the shipping address.
        </p>
      </div>
      <form className="quote-builder" noValidate ref={formRef} onSubmit={submit} aria-label={title}>
        <div className="quote-builder__main">
          <section className="card quote-section" aria-labelledby="quote-customer-title">
            <h2 className="section-title" id="quote-customer-title">
              Customer
            </h2>
            <div className="quote-grid">
              <Field label="First name" name="customer.firstName" autoComplete="off" maxLength={50} value={c.firstName} error={errors['customer.firstName']} onChange={(e) => setCustomer('firstName', e.target.value)} />
              <Field label="Last name" name="customer.lastName" autoComplete="off" maxLength={50} value={c.lastName} error={errors['customer.lastName']} onChange={(e) => setCustomer('lastName', e.target.value)} />
              <Field label="E-mail" type="email" name="customer.email" autoComplete="off" maxLength={254} value={c.email} error={errors['customer.email']} onChange={(e) => setCustomer('email', e.target.value)} />
              <Field label="Phone (optional)" type="tel" name="customer.phone" autoComplete="off" maxLength={30} value={c.phone} error={errors['customer.phone']} onChange={(e) => setCustomer('phone', e.target.value)} />
            </div>
            {errors['customer'] ? <p className="field__error">{errors['customer']}</p> : null}
          </section>

          <section className="card quote-section" aria-labelledby="quote-lines-title">
            <h2 className="section-title" id="quote-lines-title">
              Lines
            </h2>
            {saved?.missing.length ? (
              <p className="field__error quote-lines__missing" role="note">
                <span aria-hidden="true">⚠ </span>
                Left out of the draft, no longer in the catalog: {saved.missing.join(', ')}. Save it to drop them for good.
              </p>
            ) : null}
            <QuoteCatalogSearch onAdd={addLine} error={errors['lines']} inputRef={searchRef} />
            <QuoteEveryLineFinish finishes={finishesOfLines(draft.lines)} onApply={finishEveryLine} />
            {draft.lines.length ? (
              <ol className="quote-lines">
                {draft.lines.map((line, i) => (
                  <QuoteLineRow
                    key={line.key}
                    line={line}
                    index={i}
                    priced={priced && priced.lines.length === draft.lines.length ? priced.lines[i] : undefined}
                    errors={errors}
                    mayPrice={publisher}
                    onChange={(patch, ...fields) => setLine(line.key, i, patch, ...fields)}
                    onRemove={() => removeLine(line)}
                  />
                ))}
              </ol>
            ) : (
              <p className="muted quote-lines__empty">No lines yet: search the catalog above.</p>
            )}
            {publisher ? (
              <button type="button" className="button button--ghost button--small quote-lines__free" onClick={() => addLine(null)}>
                Add a free line
              </button>
            ) : (
              <p className="muted quote-lines__free-note">A line the catalog lacks (a description and a price) is added by a publisher or an admin.</p>
            )}
            <QuoteCabinetImport onImport={addImported} />
            <datalist id="quote-groups">
              {[...new Set(draft.lines.map((l) => l.group.trim()).filter(Boolean))].map((g) => (
                <option key={g} value={g} />
              ))}
            </datalist>
            <Status>{said}</Status>
            <DiscountFields draft={draft} errors={errors} onChange={(discount) => change((d) => ({ ...d, discount }), 'discount', 'discount.value', 'discount.type')} />
          </section>

          <section className="card quote-section" aria-labelledby="quote-addresses-title">
            <h2 className="section-title" id="quote-addresses-title">
              Addresses
            </h2>
            <QuoteAddressFields kind="billingAddress" legend="Billing address" value={draft.billingAddress} errors={errors} onChange={setAddress('billingAddress')} />
            <label className="check quote-ship-same">
              <input type="checkbox" checked={draft.shipToBilling} onChange={(e) => change((d) => ({ ...d, shipToBilling: e.target.checked }))} />
              Ship to the billing address
            </label>
            {draft.shipToBilling ? null : (
              <QuoteAddressFields kind="shippingAddress" legend="Shipping address" value={draft.shippingAddress} errors={errors} onChange={setAddress('shippingAddress')} />
            )}
          </section>

          <section className="card quote-section" aria-labelledby="quote-more-title">
            <h2 className="section-title" id="quote-more-title">
              For the customer
            </h2>
            <div className="quote-grid">
              <Field label="PO number (optional)" hint="The customer's purchase order, if any." name="poNumber" maxLength={100} value={draft.poNumber} error={errors['poNumber']} onChange={(e) => change((d) => ({ ...d, poNumber: e.target.value }), 'poNumber')} />
              <Field
                label="Payment link valid for (days)"
                hint={LINK_DAYS_MESSAGE}
                name="linkDays"
                inputMode="numeric"
                maxLength={3}
                value={draft.linkDays}
                error={errors['linkDays']}
                onChange={(e) => change((d) => ({ ...d, linkDays: e.target.value }), 'linkDays')}
              />
            </div>
            <label className="check quote-split">
              <input type="checkbox" checked={draft.splitPayment} onChange={(e) => change((d) => ({ ...d, splitPayment: e.target.checked }), 'splitPaymentEnabled', 'minimumSplit')} />
              The customer may pay in parts
            </label>
            {draft.splitPayment ? (
              <Field label="Smallest part ($)" hint="Each payment but the last is at least this." name="minimumSplit" inputMode="decimal" maxLength={12} value={draft.minimumSplit} error={errors['minimumSplit']} onChange={(e) => change((d) => ({ ...d, minimumSplit: e.target.value }), 'minimumSplit')} />
            ) : null}
            <NotesField id="quote-notes" name="notes" label="Notes (optional)" hint="Shown to the customer with the quote." rows={3} value={draft.notes} error={errors['notes']} onChange={(notes) => change((d) => ({ ...d, notes }), 'notes')} />
          </section>

          <section className="card quote-section" aria-labelledby="quote-store-title">
            <h2 className="section-title" id="quote-store-title">
              For the store
            </h2>
            <NotesField
              id="quote-internal-notes"
              name="internalNotes"
              label="Notes for the store (optional)"
              hint="Never shown to the customer: where the quote came from, what to check before sending."
              rows={4}
              value={draft.internalNotes}
              error={errors['internalNotes']}
              onChange={(internalNotes) => change((d) => ({ ...d, internalNotes }), 'internalNotes')}
            />
          </section>
        </div>

        <div className="quote-builder__side">
          <QuoteTotalsPanel price={price} retry={retryPrice}>
            {errors['total'] ? (
              <p className="field__error">
                <span aria-hidden="true">⚠ </span>
                {errors['total']}
              </p>
            ) : null}
            {priced?.approval.needsPublisher && !publisher ? (
              discountKept ? (
                <p className="muted quote-approval" role="note">
                  A publisher gave this discount, above {priced.approval.limitPercent} % of the subtotal: keep it as it is, or bring it to {priced.approval.limitPercent} % or less.
                </p>
              ) : (
                <p className="field__error quote-approval" role="note">
                  <span aria-hidden="true">⚠ </span>
                  {discountNeedsPublisher(priced.approval.limitPercent)} Ask one to send this quote, or lower the discount.
                </p>
              )
            ) : null}
            <Alert>{alert}</Alert>
            <button type="submit" className="button button--primary button--block" aria-disabled={busy !== '' || undefined} aria-busy={busy === 'send' || undefined}>
              {busy === 'send' ? (saved ? 'Sending…' : 'Creating…') : send}
            </button>
            <p className="muted quote-totals__after">{saved ? 'Sends the quote: its payment link is shown once on the next screen.' : 'Creates the quote and its payment link, shown once on the next screen.'}</p>
            <button type="button" className="button button--secondary button--block" onClick={() => void store('draft')} aria-disabled={busy !== '' || undefined} aria-busy={busy === 'draft' || undefined}>
              {busy === 'draft' ? 'Saving…' : 'Save draft'}
            </button>
            <p className="muted quote-totals__after">Keeps it unsent, customer and address as far as typed; anyone with the editor role opens it again from the quotes list.</p>
          </QuoteTotalsPanel>
        </div>
      </form>
    </main>
  );
}

function DiscountFields({ draft, errors, onChange }: { draft: QuoteDraft; errors: Record<string, string>; onChange(discount: QuoteDraft['discount']): void }) {
  const { discount } = draft;
  const typeError = errors['discount.type'] ?? errors['discount'];
  return (
    <fieldset className="quote-discount">
      <legend className="quote-discount__legend">
        Discount (optional) <span className="quote-discount__rule">off the subtotal, before tax</span>
      </legend>
      <div className="quote-discount__fields">
        <div className={`field${typeError ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="quote-discount-type">
            Taken off as
          </label>
          <select
            id="quote-discount-type"
            className="field__input"
            value={discount.type}
            aria-invalid={typeError ? true : undefined}
            onChange={(e) => onChange({ ...discount, type: e.target.value === 'percent' ? 'percent' : 'amount' })}
          >
            <option value="amount">An amount ($)</option>
            <option value="percent">A percent (%)</option>
          </select>
          {typeError ? <p className="field__error">{typeError}</p> : null}
        </div>
        <Field
          className="quote-discount__value"
          label={discount.type === 'percent' ? 'Percent off' : 'Dollars off'}
          name="discount.value"
          inputMode="decimal"
          maxLength={12}
          value={discount.value}
          error={errors['discount.value']}
          onChange={(e) => onChange({ ...discount, value: e.target.value })}
        />
      </div>
    </fieldset>
  );
}

/** A notes box of the quote: the customer's (shown with the quote) or the store's (never shown to the customer). */
function NotesField({ id, name, label, hint, rows, value, error, onChange }: { id: string; name: string; label: string; hint: string; rows: number; value: string; error: string | undefined; onChange(value: string): void }) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <textarea
        id={id}
        name={name}
        className="field__input quote-notes"
        rows={rows}
        maxLength={4000}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}
