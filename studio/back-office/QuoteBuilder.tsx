/**
 * A new quote (editors and above): the customer, catalog lines (found by SKU or name) with their
 * quantities, finishes and notes, a discount, the addresses, and the totals the server computes for
 * the draft after each change. "Create quote" stores it and issues its first payment link; the
 * server's refusals appear at the fields they name (`customer.email`, `lines.0.qty`,
 * `billingAddress.zipCode` …).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { discountNeedsPublisher, LINK_DAYS_MESSAGE } from '../../schemas/api/back-office-quotes';
import { formatMoney } from '../../schemas/money';
import type { CabinetListRead, CatalogLine, IssuedLink } from '../api/back-office-quotes';
import { StudioApiError } from '../api/studio-client';
import { Link, quotesPath } from '../app/router';
import { atLeast, useStudio } from '../app/studio-context';
import { Alert, Field, PageTitle, Status } from '../app/ui';
import { QuoteAddressFields } from './QuoteAddressFields';
import { QuoteCatalogSearch } from './QuoteCatalogSearch';
import { quotesListAddress } from './QuoteList';
import { useQuotesClient } from './quote-client';
import { createRequest, emptyDraft, finishKey, lineName, newLine, priceRequest, type AddressDraft, type AddressField, type AddressKind, type LineDraft, type QuoteDraft } from './quote-draft';
import { QuoteCabinetImport } from './QuoteCabinetImport';
import { QuoteLineRow } from './QuoteLineRow';
import { useQuotePrice } from './quote-price';
import { QuoteTotalsPanel } from './QuoteTotals';

export function QuoteBuilder({ onCreated }: { onCreated(quoteId: number, link: IssuedLink | null): void }) {
  const { operator } = useStudio();
  if (!atLeast(operator, 'editor'))
    return (
      <main id="main" className="page page--narrow">
        <PageTitle title="New quote">New quote</PageTitle>
        <p>Viewers read quotes but cannot create them. An admin can make you an editor.</p>
        <p>
          <Link href={quotesPath()}>Back to the quotes</Link>
        </p>
      </main>
    );
  return <QuoteForm onCreated={onCreated} />;
}

let lineKeys = 0;

function QuoteForm({ onCreated }: { onCreated(quoteId: number, link: IssuedLink | null): void }) {
  const client = useQuotesClient();
  const { failure, operator } = useStudio();
  const publisher = atLeast(operator, 'publisher');
  const [draft, setDraft] = useState<QuoteDraft>(emptyDraft);
  // The refusal of the last "Create quote", field by field; a field's own error goes when it is edited.
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
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

  /** A new line goes in the room of the line before it: a kitchen is quoted wall by wall. */
  const addLine = (item: CatalogLine | null) => {
    lineKeys += 1;
    const line = newLine(lineKeys, item, draft.lines.at(-1)?.group ?? '');
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
          ...rows.map((r) => {
            lineKeys += 1;
            return { ...newLine(lineKeys, r.item, d.lines.at(-1)?.group ?? ''), qty: String(r.line.qty), finish: r.line.finish ? finishKey(r.line.finish) : '' };
          }),
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setAlert('');
    setSaid('');
    try {
      const created = await client.create(createRequest(draft));
      onCreated(created.quote.id, created.link);
    } catch (error) {
      if (error instanceof StudioApiError && (error.status === 400 || (error.status === 403 && Object.keys(error.fields).length > 0))) {
        const fields = error.fields;
        setRefused(fields);
        const count = Object.keys(fields).length;
        setAlert(count > 1 ? `The quote was not created: ${count} fields need a correction. The first: ${error.message}` : `The quote was not created: ${error.message}`);
        setFocusRound((n) => n + 1);
      } else {
        const message = failure(error);
        if (message) setAlert(message);
      }
    } finally {
      setBusy(false);
    }
  };

  const priced = price.state === 'ready' ? price.price : price.state === 'pending' ? price.last : null;
  const c = draft.customer;

  return (
    <main id="main" className="page quote-builder-page">
      <div className="page__head">
        <p className="quote-back">
          <Link href={quotesListAddress()}>
            <span aria-hidden="true">← </span>All quotes
          </Link>
        </p>
        <PageTitle title="New quote">New quote</PageTitle>
        <p className="page__intro">Lines come from the catalog at its prices; the server computes shipping and tax from the shipping address.</p>
      </div>
      <form className="quote-builder" noValidate ref={formRef} onSubmit={(e) => void submit(e)} aria-label="New quote">
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
            <QuoteCatalogSearch onAdd={addLine} error={errors['lines']} inputRef={searchRef} />
            {draft.lines.length ? (
              <ol className="quote-lines">
                {draft.lines.map((line, i) => (
                  <QuoteLineRow
                    key={line.key}
                    line={line}
                    index={i}
                    priced={priced && priced.lines.length === draft.lines.length ? priced.lines[i] : undefined}
                    errors={errors}
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
            <NotesField value={draft.notes} error={errors['notes']} onChange={(notes) => change((d) => ({ ...d, notes }), 'notes')} />
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
              <p className="field__error quote-approval" role="note">
                <span aria-hidden="true">⚠ </span>
                {discountNeedsPublisher(priced.approval.limitPercent)} Ask one to send this quote, or lower the discount.
              </p>
            ) : null}
            <Alert>{alert}</Alert>
            <button type="submit" className="button button--primary button--block" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
              {busy ? 'Creating…' : 'Create quote'}
            </button>
            <p className="muted quote-totals__after">Creates the quote and its payment link, shown once on the next screen.</p>
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

function NotesField({ value, error, onChange }: { value: string; error: string | undefined; onChange(value: string): void }) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor="quote-notes">
        Notes (optional)
      </label>
      <p className="field__hint" id="quote-notes-hint">
        Shown to the customer with the quote.
      </p>
      <textarea
        id="quote-notes"
        name="notes"
        className="field__input quote-notes"
        rows={3}
        maxLength={4000}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'quote-notes-hint quote-notes-error' : 'quote-notes-hint'}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p className="field__error" id="quote-notes-error">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}
