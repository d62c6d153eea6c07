import { useEffect, useRef } from 'react';
import type { PaginationType } from './use-listing';
import './pagination.css';

interface Props {
  type: PaginationType;
  page: number;
  totalPages: number;
  hasMore: boolean;
  onPage(page: number): void;
  onLoadMore(): void;
  hrefForPage(page: number): string;
  label?: string;
}

/** The page numbers to show: first, last, and two either side of the current page, with gaps as null. */
export function pageWindow(page: number, total: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= total; p++) {
    if (p === 1 || p === total || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/**
 * Page numbers (links that work without JavaScript, enhanced to switch in place), a Load more
 * button, or infinite scroll (a sentinel observed near the end of the list, with the Load more
 * button kept as a fallback for keyboards and browsers without IntersectionObserver).
 */
export function Pagination({ type, page, totalPages, hasMore, onPage, onLoadMore, hrefForPage, label = 'Pages' }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  useEffect(() => {
    if (type !== 'infinite-scroll' || !hasMore || typeof IntersectionObserver === 'undefined' || !sentinel.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load.current();
    }, { rootMargin: '200px' });
    observer.observe(sentinel.current);
    return () => observer.disconnect();
  }, [type, hasMore, page]);

  if (totalPages <= 1) return null;
  if (type !== 'page-numbers') {
    if (!hasMore) return null;
    return (
      <div className="pagination pagination--more">
        {type === 'infinite-scroll' && <div ref={sentinel} className="pagination__sentinel" aria-hidden="true" />}
        <button type="button" className="button button--secondary" onClick={onLoadMore}>
          Load more
        </button>
      </div>
    );
  }
  const go = (p: number) => (e: React.MouseEvent) => {
    e.preventDefault();
    onPage(p);
  };
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {page > 1 && (
          <li>
            <a href={hrefForPage(page - 1)} onClick={go(page - 1)} rel="prev">
              Previous
            </a>
          </li>
        )}
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <a href={hrefForPage(p)} onClick={go(p)} aria-current={p === page ? 'page' : undefined} aria-label={`Page ${p}`}>
                {p}
              </a>
            </li>
          ),
        )}
        {page < totalPages && (
          <li>
            <a href={hrefForPage(page + 1)} onClick={go(page + 1)} rel="next">
              Next
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
