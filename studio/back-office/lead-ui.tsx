/**
 * What the leads and subscribers screens share: filters that live in the address (so a filtered
 * list can be bookmarked, shared and gone back to), and a list read by keyset pages.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { LeadStatus } from '../../schemas/api/back-office-leads';
import { Link } from '../app/router';
import { useLoad } from '../app/ui';

/** The current address with `changes` applied (an undefined or empty value removes the parameter). */
export function withQuery(pathname: string, search: URLSearchParams, changes: Readonly<Record<string, string | undefined>>): string {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  const text = next.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/**
 * One choice among a few, as links (each a filtered address: Tab reaches them, Enter follows them,
 * the current one says so to a screen reader).
 */
export function FilterLinks<V extends string>({
  label,
  choices,
  current,
  href,
  className,
}: {
  label: string;
  /** lead-filter--grid: two choices a row on a phone (for long labels). */
  className?: string;
  choices: readonly { value: V | undefined; label: string }[];
  current: V | undefined;
  href: (value: V | undefined) => string;
}) {
  return (
    <nav className={`lead-filter${className ? ` ${className}` : ''}`} aria-label={label}>
      <span className="lead-filter__label" aria-hidden="true">
        {label}
      </span>
      <ul className="lead-filter__choices">
        {choices.map((c) => (
          <li key={c.value ?? 'all'}>
            <Link className="lead-filter__choice" href={href(c.value)} aria-current={c.value === current ? 'true' : undefined}>
              {c.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A search box that puts its text in the address on submit; the address (back, forward) sets the box. */
export function SearchForm({ label, value, onSearch }: { label: string; value: string; onSearch(text: string): void }) {
  const [text, setText] = useState(value);
  const id = useId();
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="lead-search" role="search" onSubmit={submit}>
      <label className="lead-search__label" htmlFor={id}>
        {label}
      </label>
      <div className="lead-search__row">
        <input id={id} className="field__input lead-search__input" type="search" maxLength={100} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </div>
    </form>
  );
}

export interface KeysetPage<T> {
  items: T[];
  next: string | null;
}

/**
 * A list read a page at a time: the first page by `load(undefined)`, then `more()` appends the page
 * after the last one. A change of `deps` starts again; an answer for older filters is dropped.
 */
export function useKeysetList<T extends { id: number }>(
  load: (after: string | undefined, signal: AbortSignal) => Promise<KeysetPage<T>>,
  failure: (error: unknown) => string,
  deps: readonly unknown[],
) {
  const [list, reload, setList] = useLoad((signal) => load(undefined, signal), failure, deps);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  const generation = useRef(0);
  // The list as last rendered: an answer that comes later (a removal, the next page) builds on it, not on the list it started from.
  const current = useRef(list);
  current.current = list;
  useEffect(() => {
    generation.current += 1;
    setBusy(false);
    setAlert('');
  }, deps);

  const more = async () => {
    if (list.state !== 'ready' || !list.value.next || busy) return;
    const started = generation.current;
    const after = list.value.next;
    setBusy(true);
    setAlert('');
    try {
      const page = await load(after, new AbortController().signal);
      const now = current.current;
      if (started !== generation.current || now.state !== 'ready') return;
      setList({ items: [...now.value.items, ...page.items], next: page.next });
    } catch (error) {
      if (started === generation.current) setAlert(failure(error));
    } finally {
      if (started === generation.current) setBusy(false);
    }
  };

  const remove = (id: number) => {
    const now = current.current;
    if (now.state === 'ready') setList({ ...now.value, items: now.value.items.filter((item) => item.id !== id) });
  };

  return { list, reload, more, busy, alert, remove };
}

export const LEAD_STATUS_LABEL: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' };

/** A lead's status in words (the colour only repeats them). */
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`lead-status lead-status--${status}`}>{LEAD_STATUS_LABEL[status]}</span>;
}
