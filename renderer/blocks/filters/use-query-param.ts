/**
 * One query parameter as component state (the search term of a listing). The first value comes from
 * the page's own query, so server and browser agree; changes push a history entry (Back undoes a
 * search) without a page load or a scroll jump, and Back/Forward update the state.
 */
import { useEffect, useState } from 'react';
import { usePageQuery } from '../../page-context';

export function useQueryParam(name: string): [string, (value: string) => void] {
  const initial = usePageQuery().get(name) ?? '';
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const onPop = () => setValue(new URLSearchParams(window.location.search).get(name) ?? '');
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [name]);
  const update = (next: string) => {
    setValue(next);
    const params = new URLSearchParams(window.location.search);
    if (next) params.set(name, next);
    else params.delete(name);
    params.delete('page');
    const search = params.toString();
    window.history.pushState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
  };
  return [value, update];
}
