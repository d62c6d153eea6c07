import { useState } from 'react';
import { useIslandId } from '../../islands/use-island-id';
import './search-box.css';

interface Props {
  /** The current term (from the query). */
  value: string;
  /** Called with the trimmed term on submit; when absent the form submits to the page itself (GET). */
  onSearch?(term: string): void;
  paramName?: string;
  label?: string;
  placeholder?: string;
  /** Where a plain GET submit goes (another page, e.g. /search). Default: this page. */
  action?: string;
}

/**
 * A search form: submitting a non-blank term moves to the same page with the term as a query
 * parameter (in place, no scroll, when onSearch is given); the submit button is disabled while the
 * term is blank. Without JavaScript it is a plain GET form doing the same.
 */
export function SearchBox({ value, onSearch, paramName = 'query', label = 'Search', placeholder = 'Search…', action }: Props) {
  const [term, setTerm] = useState(value);
  const id = useIslandId();
  const blank = term.trim() === '';
  return (
    <form
      className="search-box"
      role="search"
      method="get"
      action={action}
      onSubmit={(e) => {
        if (blank) {
          e.preventDefault();
          return;
        }
        if (onSearch) {
          e.preventDefault();
          onSearch(term.trim());
        }
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} type="search" name={paramName} value={term} placeholder={placeholder} onChange={(e) => setTerm(e.target.value)} autoComplete="off" />
      <button type="submit" className="button button--primary" disabled={blank}>
        Search
      </button>
    </form>
  );
}
