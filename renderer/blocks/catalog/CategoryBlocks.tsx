import type { CategoryShowcaseBlock as CategoryShowcaseDef, ProductCategoriesBlock as ProductCategoriesDef } from '../../../schemas/blocks/product-categories.schema';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { catalogOf, categoryBase } from '../catalog-store';
import { ReadMore } from '../content/ReadMore';
import { DESCRIPTION_LIMIT } from '../content/truncate';
import { routeValue } from '../route-value';
import { StyleCard, type StyleCardView } from './StyleCard';
import { styleCardView } from './style-card-view';
import './category.css';

export const CATEGORY_MESSAGES = {
  noCategories: 'No category data available',
  missing: 'Category data not found',
  unknown: (x: string) => `Category "${x}" not found in data`,
  noProducts: 'Product data not found or invalid format',
} as const;

interface CategoryLink {
  slug: string;
  title: string;
  path: string;
}

export interface CategoryShowcaseData {
  /** The message to show instead of the showcase, when something is missing. */
  error: string | null;
  category: { slug: string; title: string; description: string; image: { src: string; altText: string }; action?: { text: string; path: string } } | null;
  styles: StyleCardView[];
  previous: CategoryLink | null;
  next: CategoryLink | null;
}

export function selectCategoryShowcaseData(block: CategoryShowcaseDef, ctx: BlockDataContext): CategoryShowcaseData {
  const catalog = catalogOf(ctx.store);
  const empty = { category: null, styles: [], previous: null, next: null };
  if (catalog.categories.length === 0) return { ...empty, error: CATEGORY_MESSAGES.noCategories };
  const slug = routeValue(block.category ?? ':categorySlug', ctx.params);
  if (!slug) {
    ctx.notFound();
    return { ...empty, error: CATEGORY_MESSAGES.missing };
  }
  const at = catalog.categories.findIndex((c) => c.slug === slug);
  const category = catalog.categories[at];
  if (!category) {
    ctx.notFound();
    return { ...empty, error: CATEGORY_MESSAGES.unknown(slug) };
  }
  const n = catalog.categories.length;
  const base = categoryBase(ctx.settings);
  const link = (i: number): CategoryLink | null => {
    if (n < 2) return null;
    const c = catalog.categories[(i + n) % n]!;
    return { slug: c.slug, title: c.title, path: `${base}/${c.slug}` };
  };
  ctx.setMetadata({ title: category.title, description: category.description, image: category.image.src });
  ctx.setBreadcrumb([{ label: 'Home', path: '/' }, { label: 'Products', path: base }, { label: category.title }]);
  const styles = category.styles.flatMap((name, i) => {
    const style = catalog.styles[name];
    return style ? [styleCardView(style, i, [category.slug], base)] : [];
  });
  return {
    error: styles.length === 0 ? CATEGORY_MESSAGES.noProducts : null,
    category: {
      slug: category.slug,
      title: category.title,
      description: category.description,
      image: { src: category.image.src, altText: category.image.altText },
      ...(category.action ? { action: { text: category.action.text, path: category.action.path } } : {}),
    },
    styles,
    previous: link(at - 1),
    next: link(at + 1),
  };
}

export function CategoryShowcaseBlock({ block, data }: BlockProps<CategoryShowcaseDef, CategoryShowcaseData>) {
  const { category } = data;
  return (
    <section className="category-showcase" id={block.id} aria-label={category?.title ?? 'Category'}>
      {category ? (
        <header className="category-showcase__head">
          <h1 className="category-showcase__title">{category.title}</h1>
          <ReadMore text={category.description} limit={DESCRIPTION_LIMIT} className="category-showcase__description" />
          {category.action && (
            <a className="button button--primary" href={category.action.path}>
              {category.action.text}
            </a>
          )}
        </header>
      ) : null}
      {data.error ? (
        <div className="category-showcase__error">
          {category ? <h2>{data.error}</h2> : <h1>{data.error}</h1>}
          <p>
            <a href="/products">See all products</a>
          </p>
        </div>
      ) : (
        <ul className="card-grid">
          {data.styles.map((s, i) => (
            <li key={s.name}>
              <StyleCard style={s} headingLevel={category ? 2 : 3} first={i === 0} {...(block.swatchLimit ? { swatchLimit: block.swatchLimit } : {})} />
            </li>
          ))}
        </ul>
      )}
      {block.showNavigation !== false && (data.previous || data.next) && (
        <nav className="category-showcase__nav" aria-label="Other categories">
          {data.previous && (
            <a className="category-showcase__prev" href={data.previous.path} rel="prev">
              <span aria-hidden="true">← </span>
              Previous: {data.previous.title}
            </a>
          )}
          {data.next && (
            <a className="category-showcase__next" href={data.next.path} rel="next">
              Next: {data.next.title}
              <span aria-hidden="true"> →</span>
            </a>
          )}
        </nav>
      )}
    </section>
  );
}

export interface ProductCategoriesData {
  categories: { slug: string; path: string; title: string; description: string; image: { src: string; altText: string; width?: number; height?: number }; styleCount: number }[];
}

export function selectProductCategoriesData(_block: ProductCategoriesDef, ctx: BlockDataContext): ProductCategoriesData {
  const catalog = catalogOf(ctx.store);
  return {
    categories: catalog.categories.map((c) => ({
      slug: c.slug,
      path: `${categoryBase(ctx.settings)}/${c.slug}`,
      title: c.title,
      description: c.description,
      image: { src: c.image.src, altText: c.image.altText, ...(c.image.width ? { width: c.image.width } : {}), ...(c.image.height ? { height: c.image.height } : {}) },
      styleCount: c.styles.filter((s) => catalog.styles[s]).length,
    })),
  };
}

export function ProductCategoriesBlock({ block, data }: BlockProps<ProductCategoriesDef, ProductCategoriesData>) {
  return (
    <section className="category-showcase" id={block.id} aria-label={block.title ?? 'Product categories'}>
      {block.title && <h2 className="category-showcase__title">{block.title}</h2>}
      {block.description && <p className="category-showcase__intro">{block.description}</p>}
      {data.categories.length === 0 ? (
        <p className="empty">{CATEGORY_MESSAGES.noCategories}</p>
      ) : (
        <ul className="card-grid">
          {data.categories.map((c) => (
            <li key={c.slug}>
              <article className="style-card">
                <a className="style-card__image" href={c.path} tabIndex={-1} aria-hidden="true">
                  <img src={c.image.src} alt="" width={c.image.width ?? 1200} height={c.image.height ?? 800} loading="lazy" />
                </a>
                <div className="style-card__body">
                  <h3 className="style-card__title">
                    <a href={c.path}>{c.title}</a>
                  </h3>
                  <p className="style-card__description">{c.description}</p>
                  <a className="button button--secondary style-card__action" href={c.path}>
                    See {c.styleCount} {c.styleCount === 1 ? 'style' : 'styles'}
                  </a>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
