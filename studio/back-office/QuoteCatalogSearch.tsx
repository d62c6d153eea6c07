/**
 * Finding catalog lines for a quote: a combobox (the ARIA pattern: the focus stays in the text box,
 * ↑ and ↓ move through the results, Enter adds the one shown as active, Escape closes the list, then
 * clears the text). The catalog is asked a moment after the last key, and a newer search cancels an
 * older one. The prices shown are the catalog's, as the server sent them.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { formatMoney } from '../../schemas/money';
import type { CatalogLine } from '../api/back-office-quotes';
import { useStudio } from '../app/studio-context';
import { useQuotesClient } from './quote-client';

/** How long after the last key the catalog is searched. */
export const SEARCH_DELAY_MS = 250;

type Results = { state: 'idle' } | { state: 'searching' } | { state: 'ready'; items: CatalogLine[] } | { state: 'error'; message: string };

export function QuoteCatalogSearch({ onAdd, error, inputRef }: { onAdd(item: CatalogLine): void; error?: string | undefined; inputRef?: Ref<HTMLInputElement> }) {
  const client = useQuotesClient();
  const { failure } = useStudio();
  const id = useId();
  const [text, setText] = useState('');
  const [results, setResults] = useState<Results>({ state: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [added, setAdded] = useState('');
  const [round, setRound] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const query = text.trim();

  useEffect(() => {
    if (!query) {
      setResults({ state: 'idle' });
      return;
    }
    setResults({ state: 'searching' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      client.catalog(query, controller.signal).then(
        (items) => {
          if (controller.signal.aborted) return;
          setResults({ state: 'ready', items });
          setActive(0);
        },
        (e: unknown) => {
          if (controller.signal.aborted) return;
          const message = failure(e);
          if (message) setResults({ state: 'error', message });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, query, round]);

  const items = results.state === 'ready' ? results.items : [];
  const expanded = open && items.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => {
    if (expanded) listRef.current?.querySelector(`[id="${optionId(active)}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [expanded, active]);

  const add = (item: CatalogLine) => {
    onAdd(item);
    setAdded(`Added ${item.name} (${item.sku}).`);
    setText('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!items.length) return;
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      // Enter never submits the quote from here.
      event.preventDefault();
      const item = expanded ? items[active] : undefined;
      if (item) add(item);
      else if (items.length) setOpen(true);
    } else if (event.key === 'Escape') {
      if (expanded) setOpen(false);
      else setText('');
    }
  };

  const said =
    results.state === 'searching'
      ? 'Searching the catalog…'
      : results.state === 'ready'
        ? results.items.length
          ? `${results.items.length} ${results.items.length === 1 ? 'line' : 'lines'} found: ↑ and ↓ to choose, Enter to add.`
          : `No catalog line matches “${query}”.`
        : added;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className={`field quote-catalog${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        Add a catalog line
      </label>
      <p className="field__hint" id={hintId}>
        Search by SKU, name or style.
      </p>
      <div className="quote-catalog__box">
        <input
          id={id}
          ref={inputRef}
          className="field__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-activedescendant={expanded ? optionId(active) : undefined}
          aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setAdded('');
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        {results.state === 'searching' ? <span className="spinner quote-catalog__spinner" aria-hidden="true" /> : null}
        <ul className="quote-catalog__list" id={`${id}-list`} role="listbox" aria-label="Catalog lines" ref={listRef} hidden={!expanded}>
          {items.map((item, i) => (
            <li
              key={item.sku}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`quote-catalog__option${i === active ? ' quote-catalog__option--active' : ''}`}
              // Keeps the focus in the text box (the list would close on its blur before the click).
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => add(item)}
            >
              <span className="quote-catalog__name">{item.name}</span>
              <span className="quote-catalog__meta">
                <code>{item.sku}</code> · {item.styleTitle}
                {item.isSample ? ' · door sample' : ''}
              </span>
              <span className="quote-catalog__price">{formatMoney(item.price)}</span>
              <span className="quote-catalog__add" aria-hidden="true">
                + Add
              </span>
            </li>
          ))}
        </ul>
      </div>
      {error ? (
        <p className="field__error" id={errorId}>
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      ) : null}
      {results.state === 'error' ? (
        <div className="quote-catalog__problem" role="alert">
          <span>Could not search the catalog: {results.message}</span>
          <button type="button" className="button button--secondary button--small" onClick={() => setRound((n) => n + 1)}>
            Try again
          </button>
        </div>
      ) : null}
      <p role="status" className={`quote-catalog__said${results.state === 'ready' && results.items.length === 0 ? '' : ' visually-hidden'}`}>
        {said}
      </p>
    </div>
  );
}
