import type { ReactNode } from 'react';
import { Pagination } from '../../listing/Pagination';
import { useListing, type PaginationType } from '../../listing/use-listing';
import { usePageQuery } from '../../page-context';
import { SearchBox } from '../filters/SearchBox';
import { useQueryParam } from '../filters/use-query-param';
import { formatPublishDate, matchesBlogSearch, type CategoryCount } from './blog-rules';
import type { BlogCardView } from './blog-views';
import './blogs.css';

/** The blog grid has 3 columns. */
export const BLOG_GRID_COLUMNS = 3;

/** A card's title level: h2 straight under the page's h1, h3 under a section's h2. */
export type CardHeading = 'h2' | 'h3';

/** The first card of a list loads its picture at once: on a phone it is on screen, the page's largest paint. */
export function BlogCard({ blog, heading: Heading = 'h3', first = false }: { blog: BlogCardView; heading?: CardHeading; first?: boolean }) {
  return (
    <article className="blog-card">
      <a href={blog.path} className="blog-card__image" tabIndex={-1} aria-hidden="true">
        <img src={blog.image.src} alt="" width={blog.image.width ?? 1200} height={blog.image.height ?? 800} loading={first ? 'eager' : 'lazy'} />
      </a>
      <div className="blog-card__body">
        {blog.category && (
          <a className="blog-card__category" href={`/blogs/category/${blog.category.id}`}>
            {blog.category.name}
          </a>
        )}
        <Heading className="blog-card__title">
          <a href={blog.path}>{blog.title}</a>
        </Heading>
        <p className="blog-card__description">{blog.description}</p>
        <p className="blog-card__meta">
          {blog.author && <a href={`/blogs/authors/${blog.author.id}`}>{blog.author.name}</a>}
          {blog.author && ' · '}
          <time dateTime={blog.publishDate}>{formatPublishDate(blog.publishDate)}</time>
        </p>
      </div>
    </article>
  );
}

export function CategoryList({ categories, current }: { categories: readonly CategoryCount[]; current?: string }) {
  return (
    <nav className="blog-sidebar__section" aria-label="Blog categories">
      <h2 className="blog-sidebar__title">Categories</h2>
      {categories.length === 0 ? (
        <p className="empty">No categories available</p>
      ) : (
        <ul className="blog-sidebar__list">
          {categories.map((c) => (
            <li key={c.slug}>
              <a href={`/blogs/category/${c.slug}`} aria-current={c.slug === current ? 'page' : undefined}>
                {c.name} <span className="blog-sidebar__count">({c.count})</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

export function PostList({ title, posts }: { title: string; posts: readonly BlogCardView[] }) {
  if (posts.length === 0) return null;
  return (
    <section className="blog-sidebar__section" aria-label={title}>
      <h2 className="blog-sidebar__title">{title}</h2>
      <ul className="blog-sidebar__posts">
        {posts.map((p) => (
          <li key={p.path}>
            <a href={p.path}>
              <img src={p.image.src} alt="" width={64} height={48} loading="lazy" />
              <span>
                {p.title}
                <time dateTime={p.publishDate}>{formatPublishDate(p.publishDate)}</time>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

interface GridProps {
  posts: readonly BlogCardView[];
  showSearch: boolean;
  pageSize: number;
  pagination: PaginationType;
  /** Shown when there are no posts at all. */
  empty: ReactNode;
  /** Shown when a search finds nothing. Default 'No items available'. */
  noMatches?: ReactNode;
  searchLabel: string;
  /** The cards' title level (default h3, under a section heading). */
  cardHeading?: CardHeading;
}

/**
 * Posts in the 3-column grid with the search box ('Showing results for: ...', case-insensitive over
 * title, description and author name) and pagination, all kept in the query string.
 */
export function SearchableBlogGrid({ posts, showSearch, pageSize, pagination, empty, noMatches, searchLabel, cardHeading }: GridProps) {
  const [term, setTerm] = useQueryParam('query');
  const matching = term ? posts.filter((p) => matchesBlogSearch({ title: p.title, description: p.description }, p.author?.name, term)) : posts;
  const listing = useListing({ items: matching, search: usePageQuery(), pageSize, pagination });
  return (
    <div className="blog-grid-area">
      {showSearch && (
        <div className="blog-grid-area__search">
          <SearchBox value={term} onSearch={setTerm} label={searchLabel} placeholder="Search articles" />
          {term && (
            <p className="blog-grid-area__results" aria-live="polite">
              Showing results for: {term}{' '}
              <button type="button" className="link-button" onClick={() => setTerm('')}>
                Clear
              </button>
            </p>
          )}
        </div>
      )}
      {posts.length === 0 ? (
        empty
      ) : listing.visible.length === 0 ? (
        (noMatches ?? <p className="empty">No items available</p>)
      ) : (
        <ul className="blog-grid" style={{ ['--columns' as string]: BLOG_GRID_COLUMNS }}>
          {listing.visible.map((p, i) => (
            <li key={p.path}>
              <BlogCard blog={p} heading={cardHeading} first={i === 0} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        type={pagination}
        page={listing.page}
        totalPages={listing.totalPages}
        hasMore={listing.hasMore}
        onPage={listing.setPage}
        onLoadMore={listing.loadMore}
        hrefForPage={listing.hrefForPage}
        label="Blog pages"
      />
    </div>
  );
}
