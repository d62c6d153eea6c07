/**
 * A new quote (editors and above): the customer, catalog lines (found by SKU or name) with their
 * quantities, finishes and notes, a discount, the addresses, and the totals the server computes for
 * the draft after each change. "Create quote" stores it and issues its first payment link; the
 * server's refusals appear at the fields they name (`customer.email`, `lines.0.qty`,
 * `billingAddress.zipCode` …).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LINK_DAYS_MESSAGE, MAX_LINE_QTY } from '../../schemas/api/back-office-quotes';
import { formatMoney } from '../../schemas/money';
import type { CatalogLine, IssuedLink, QuotePrice } from '../api/back-office-quotes';
import { StudioApiError } from '../api/studio-client';
import { Link, quotesPath } from '../app/router';
import { atLeast, useStudio } from '../app/studio-context';
import { Alert, Field, PageTitle, Status } from '../app/ui';
import { QuoteAddressFields } from './QuoteAddressFields';
import { QuoteCatalogSearch } from './QuoteCatalogSearch';
import { quotesListAddress } from './QuoteList';
import { useQuotesClient } from './quote-client';
import { createRequest, emptyDraft, finishChoices, finishKey, priceRequest, type AddressDraft, type AddressField, type AddressKind, type LineDraft, type QuoteDraft } from './quote-draft';
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
  const { failure } = useStudio();
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

  const setLine = (key: number, index: number, field: 'qty' | 'finish' | 'notes', value: string) =>
    change((d) => ({ ...d, lines: d.lines.map((l) => (l.key === key ? { ...l, [field]: value } : l)) }), `lines.${index}.${field}`);

  const addLine = (item: CatalogLine) => {
    lineKeys += 1;
    const line: LineDraft = { key: lineKeys, item, qty: '1', finish: '', notes: '' };
    change((d) => ({ ...d, lines: [...d.lines, line] }), 'lines');
    setSaid('');
  };

  const removeLine = (line: LineDraft) => {
    setDraft((d) => ({ ...d, lines: d.lines.filter((l) => l.key !== line.key) }));
    // The lines after it move up: their errors would name the wrong line.
    setRefused((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !k.startsWith('lines.'))));
    setSaid(`Removed ${line.item.name}.`);
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
      if (error instanceof StudioApiError && error.status === 400) {
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
                    priced={priced?.lines[i]?.sku === line.item.sku ? priced.lines[i] : undefined}
                    errors={errors}
                    onChange={(field, value) => setLine(line.key, i, field, value)}
                    onRemove={() => removeLine(line)}
                  />
                ))}
              </ol>
            ) : (
              <p className="muted quote-lines__empty">No lines yet: search the catalog above.</p>
            )}
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

function QuoteLineRow({
  line,
  index,
  priced,
  errors,
  onChange,
  onRemove,
}: {
  line: LineDraft;
  index: number;
  priced: QuotePrice['lines'][number] | undefined;
  errors: Record<string, string>;
  onChange(field: 'qty' | 'finish' | 'notes', value: string): void;
  onRemove(): void;
}) {
  const { item } = line;
  const err = (field: string) => errors[`lines.${index}.${field}`];
  const choices = finishChoices(item);
  const finishId = `quote-line-${line.key}-finish`;
  const finishError = err('finish');
  return (
    <li className="quote-line" aria-label={`Line ${index + 1}: ${item.name}`}>
      <div className="quote-line__head">
        <div className="quote-line__what">
          <span className="quote-line__name">{item.name}</span>
          <span className="quote-line__meta">
            <code>{item.sku}</code> · {item.styleTitle} · {formatMoney(item.price)} each
          </span>
          {err('sku') ? (
            <p className="field__error">
              <span aria-hidden="true">⚠ </span>
              {err('sku')}
            </p>
          ) : null}
        </div>
        <span className="quote-line__total">
          {priced ? (
            <>
              <span className="visually-hidden">Line total </span>
              {formatMoney(priced.rowTotal)}
            </>
          ) : (
            <span className="muted">—</span>
          )}
        </span>
      </div>
      <div className="quote-line__fields">
        <Field
          className="quote-line__qty"
          label="Quantity"
          inputMode="numeric"
          name={`lines.${index}.qty`}
          maxLength={String(MAX_LINE_QTY).length}
          value={line.qty}
          error={err('qty')}
          aria-label={`Quantity of ${item.name}`}
          onChange={(e) => onChange('qty', e.target.value)}
        />
        {item.finish ? (
          <p className="quote-line__finish quote-line__finish--own">
            <span className="field__label">Finish</span>
            <span className="quote-line__finish-value">{item.finish.label}</span>
          </p>
        ) : choices.length ? (
          <div className={`field quote-line__finish${finishError ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={finishId}>
              Finish
            </label>
            <select
              id={finishId}
              className="field__input"
              value={line.finish}
              aria-invalid={finishError ? true : undefined}
              aria-describedby={finishError ? `${finishId}-error` : undefined}
              onChange={(e) => onChange('finish', e.target.value)}
            >
              <option value="">None</option>
              {choices.map((f) => (
                <option key={finishKey(f)} value={finishKey(f)}>
                  {f.label} ({f.type})
                </option>
              ))}
            </select>
            {finishError ? (
              <p className="field__error" id={`${finishId}-error`}>
                <span aria-hidden="true">⚠ </span>
                {finishError}
              </p>
            ) : null}
          </div>
        ) : null}
        <Field className="quote-line__notes" label="Notes (optional)" name={`lines.${index}.notes`} maxLength={500} value={line.notes} error={err('notes')} onChange={(e) => onChange('notes', e.target.value)} />
        <button type="button" className="button button--ghost button--small button--danger-text quote-line__remove" onClick={onRemove}>
          Remove<span className="visually-hidden"> {item.name}</span>
        </button>
      </div>
    </li>
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
