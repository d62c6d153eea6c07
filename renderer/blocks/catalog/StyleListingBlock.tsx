import type { StyleListingBlock as StyleListingDef } from '../../../schemas/blocks/product-categories.schema';
import { usePageQuery } from '../../page-context';
import { Pagination } from '../../listing/Pagination';
import { SortSelect } from '../../listing/SortSelect';
import { useListing } from '../../listing/use-listing';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { catalogOf, categoryBase, orderedStyleNames } from '../catalog-store';
import { FilterTabs } from '../filters/FilterTabs';
import { routeValue } from '../route-value';
import { StyleCard, type StyleCardView } from './StyleCard';
import { styleCardView } from './style-card-view';
import './category.css';
import '../../listing/pagination.css';

export interface StyleListingData {
  styles: StyleCardView[];
  tabs: { value: string; label: string }[];
}

const FILTER_FIELD = { finish: 'finish', category: 'category' } as const;

export function selectStyleListingData(block: StyleListingDef, ctx: BlockDataContext): StyleListingData {
  const catalog = catalogOf(ctx.store);
  const slug = routeValue(block.category, ctx.params);
  const category = slug ? catalog.categories.find((c) => c.slug === slug) : undefined;
  if (slug && !category) ctx.notFound();
  const names = category ? category.styles : orderedStyleNames(catalog);
  const styles = names.flatMap((name, i) => {
    const style = catalog.styles[name];
    if (!style) return [];
    const cats = catalog.categories.filter((c) => c.styles.includes(name) || c.slug === style.category).map((c) => c.slug);
    return [styleCardView(style, i, cats, categoryBase(ctx.settings))];
  });
  const filter = block.filter ?? 'finish';
  const tabs =
    filter === 'finish'
      ? [...new Set(styles.flatMap((s) => s.families))].map((f) => ({ value: f.toLowerCase(), label: f }))
      : filter === 'category'
        ? catalog.categories.filter((c) => styles.some((s) => s.categories.includes(c.slug))).map((c) => ({ value: c.slug, label: c.title }))
        : [];
  return { styles, tabs };
}

const valuesOf = (s: StyleCardView, field: string) => (field === FILTER_FIELD.finish ? s.families : field === FILTER_FIELD.category ? s.categories : []);
// Styles carry no date: catalog order stands in for age (first listed = newest).
const sortKeys = { name: (s: StyleCardView) => s.title, date: (s: StyleCardView) => new Date(Date.UTC(2000, 0, 1) - s.order * 86_400_000).toISOString() };

export function StyleListingBlock({ block, data }: BlockProps<StyleListingDef, StyleListingData>) {
  const field = (block.filter ?? 'finish') === 'category' ? FILTER_FIELD.category : FILTER_FIELD.finish;
  const hasTabs = (block.filter ?? 'finish') !== 'none' && data.tabs.length > 0;
  const listing = useListing({
    items: data.styles,
    search: usePageQuery(),
    filterFields: hasTabs ? [field] : [],
    valuesOf,
    sortKeys,
    pageSize: block.pageSize ?? 9,
    pagination: block.pagination ?? 'page-numbers',
  });
  const selected = listing.query.filters[field]?.[0] ?? null;
  return (
    <section className="category-showcase" id={block.id} aria-label={block.title ?? 'Styles'}>
      {block.title && <h2 className="category-showcase__title">{block.title}</h2>}
      {block.description && <p className="category-showcase__intro">{block.description}</p>}
      {hasTabs && (
        <FilterTabs
          tabs={data.tabs}
          selected={selected}
          onSelect={(v) => listing.setTab(field, v)}
          showAll={block.showAll !== false}
          mode={block.tabs ?? 'wrap'}
          label="Filter styles"
          hrefFor={(v) => listing.hrefForTab(field, v)}
        />
      )}
      <div className="listing-bar">
        <p className="listing-bar__count" aria-live="polite">
          {listing.total} {listing.total === 1 ? 'style' : 'styles'}
        </p>
        {block.showSort !== false && <SortSelect value={listing.query.sort} onChange={listing.setSort} />}
      </div>
      {listing.visible.length === 0 ? (
        <p className="empty">No items available</p>
      ) : (
        <ul className="card-grid">
          {listing.visible.map((s, i) => (
            <li key={s.name}>
              <StyleCard style={s} headingLevel={block.title ? 3 : 2} first={i === 0} {...(block.swatchLimit ? { swatchLimit: block.swatchLimit } : {})} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        type={block.pagination ?? 'page-numbers'}
        page={listing.page}
        totalPages={listing.totalPages}
        hasMore={listing.hasMore}
        onPage={listing.setPage}
        onLoadMore={listing.loadMore}
        hrefForPage={listing.hrefForPage}
        label="Style pages"
      />
    </section>
  );
}
