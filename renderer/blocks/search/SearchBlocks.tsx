import { useEffect, useRef, useState } from 'react';
import { useIslandId } from '../../islands/use-island-id';
import type { SearchPopupBlock as SearchPopupDef, SearchResultsBlock as SearchResultsDef } from '../../../schemas/blocks/search.schema';
import { Pagination } from '../../listing/Pagination';
import { useListing } from '../../listing/use-listing';
import { usePageQuery } from '../../page-context';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { catalogOf } from '../catalog-store';
import { SearchBox } from '../filters/SearchBox';
import { SEARCH_IMAGE_SIZE, SEARCH_MESSAGES, searchItems, type SearchOutcome } from './search-items';
import './search.css';

export interface SearchItemView {
  name: string;
  title: string;
  description: string;
  sku?: string;
  type: string;
  path: string;
  image?: { src: string; altText: string };
}

function itemViews(ctx: BlockDataContext): SearchItemView[] {
  return catalogOf(ctx.store).searchItems.map((i) => ({
    name: i.name,
    title: i.title,
    description: i.description ?? '',
    ...(i.sku ? { sku: i.sku } : {}),
    type: i.type,
    path: i.path,
    ...(i.images?.[0] ? { image: { src: i.images[0].src, altText: i.images[0].altText } } : {}),
  }));
}

const TYPE_LABEL: Record<string, string> = { style: 'Style', sample: 'Door sample', category: 'Category', page: 'Page' };

function ResultRow({ item, size }: { item: SearchItemView; size: number }) {
  return (
    <a className="search-result" href={item.path}>
      {item.image ? <img src={item.image.src} alt="" width={size} height={size} loading="lazy" /> : <span className="search-result__noimage" style={{ width: size, height: size }} />}
      <span className="search-result__text">
        <span className="search-result__type">{TYPE_LABEL[item.type] ?? item.type}</span>
        <span className="search-result__title">{item.title}</span>
        {item.sku && <span className="search-result__sku">SKU {item.sku}</span>}
        {item.description && <span className="search-result__description">{item.description}</span>}
      </span>
    </a>
  );
}

export interface SearchResultsData {
  term: string;
  outcome: SearchOutcome<SearchItemView>;
}

/** Server: the results for the page's query parameter (the browser gets only the matches). */
export function selectSearchResultsData(block: SearchResultsDef, ctx: BlockDataContext): SearchResultsData {
  const term = ctx.query.get(block.param ?? 'query') ?? '';
  return { term, outcome: searchItems(itemViews(ctx), term) };
}

export function SearchResultsBlock({ block, data }: BlockProps<SearchResultsDef, SearchResultsData>) {
  const results = data.outcome.status === 'results' ? data.outcome.items : [];
  const listing = useListing({ items: results, search: usePageQuery(), pageSize: block.pageSize ?? 12, pagination: block.pagination ?? 'page-numbers' });
  return (
    <section className="search-page" id={block.id} aria-label={block.title ?? 'Search'}>
      <h1 className="search-page__title">{block.title ?? 'Search'}</h1>
      {/* A plain GET form: the server computes the results for the new query. */}
      <SearchBox value={data.term} paramName={block.param ?? 'query'} label="Search the catalog" placeholder="Style, finish, door sample or SKU" />
      <div className="search-page__results" aria-live="polite">
        {data.outcome.status === 'too-short' && <p className="search-page__message">{SEARCH_MESSAGES.tooShort}</p>}
        {data.outcome.status === 'results' && results.length === 0 && <p className="search-page__message">{SEARCH_MESSAGES.noResults}</p>}
        {results.length > 0 && (
          <>
            <p className="search-page__count">
              {results.length} {results.length === 1 ? 'result' : 'results'} for “{data.term}”
            </p>
            <ul className="search-page__list">
              {listing.visible.map((item, i) => (
                <li key={`${item.path}-${i}`}>
                  <ResultRow item={item} size={SEARCH_IMAGE_SIZE} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <Pagination
        type={block.pagination ?? 'page-numbers'}
        page={listing.page}
        totalPages={listing.totalPages}
        hasMore={listing.hasMore}
        onPage={listing.setPage}
        onLoadMore={listing.loadMore}
        hrefForPage={listing.hrefForPage}
        label="Result pages"
      />
    </section>
  );
}

export interface SearchPopupData {
  items: SearchItemView[];
}

export function selectSearchPopupData(_block: SearchPopupDef, ctx: BlockDataContext): SearchPopupData {
  // Descriptions are left out of the suggestions' data to keep the page state small; they still match on the search page.
  return { items: itemViews(ctx).map(({ description: _d, ...rest }) => ({ ...rest, description: '' })) };
}

/**
 * A search button opening a dialog: suggestions appear from 3 characters (title, name, SKU), Enter
 * goes to the search page, Esc closes and focus returns to the button.
 */
export function SearchPopupBlock({ block, data }: BlockProps<SearchPopupDef, SearchPopupData>) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useIslandId();
  const listId = useIslandId();
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  const outcome = searchItems(data.items, term, block.limit ?? 8);
  const size = block.imageSize ?? SEARCH_IMAGE_SIZE;
  const searchPage = block.searchPage ?? '/search';
  return (
    <div className="search-popup" id={block.id}>
      <button ref={opener} type="button" className="button button--secondary search-popup__open" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {block.label ?? 'Search products'}
      </button>
      {open && (
        <div
          className="search-popup__layer"
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
        >
          <div className="search-popup__backdrop" onClick={close} />
          <div className="search-popup__panel">
            <div className="search-popup__head">
              <h2 id={titleId}>Search</h2>
              <button type="button" className="search-popup__close" aria-label="Close search" onClick={close}>
                ×
              </button>
            </div>
            <form
              method="get"
              action={searchPage}
              className="search-box"
              role="search"
              onSubmit={(e) => {
                if (term.trim().length < 3) e.preventDefault();
              }}
            >
              <input
                ref={input}
                type="search"
                name="query"
                aria-label="Search products"
                aria-controls={listId}
                value={term}
                placeholder="Style, finish or SKU"
                autoComplete="off"
                onChange={(e) => setTerm(e.target.value)}
              />
              <button type="submit" className="button button--primary" disabled={term.trim() === ''}>
                Search
              </button>
            </form>
            <div id={listId} className="search-popup__results" aria-live="polite">
              {outcome.status === 'too-short' && <p className="search-page__message">{SEARCH_MESSAGES.tooShort}</p>}
              {outcome.status === 'results' && outcome.items.length === 0 && <p className="search-page__message">{SEARCH_MESSAGES.noResults}</p>}
              {outcome.status === 'results' && outcome.items.length > 0 && (
                <ul className="search-page__list">
                  {outcome.items.map((item, i) => (
                    <li key={`${item.path}-${i}`}>
                      <ResultRow item={item} size={size} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
