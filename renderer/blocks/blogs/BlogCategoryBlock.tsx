import type { BlogCategoryBlock as BlogCategoryDef } from '../../../schemas/blocks/blogs.schema';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { catalogOf } from '../catalog-store';
import { blogCategorySlug, popularBlogs, type CategoryCount } from './blog-rules';
import { blogCardView, blogCategoryCounts, validAuthors, validBlogs, type BlogCardView } from './blog-views';
import { CategoryList, PostList, SearchableBlogGrid } from './BlogPieces';
import './blogs.css';

export const BLOG_CATEGORY_MESSAGES = {
  notFound: 'Blog Category Not Found',
  invalidBlogs: 'Invalid blog data',
  invalidAuthors: 'Invalid author data',
  noBlogs: 'No Blogs Found',
  noBlogsIn: (id: string) => `There are no blogs available in the category: ${id}`,
  noMatches: 'No blogs found in this category.',
} as const;

export interface BlogCategoryData {
  /** The message when the page cannot show the category. */
  error: string | null;
  id: string;
  category: { id: string; name: string; description: string } | null;
  posts: BlogCardView[];
  popular: BlogCardView[];
  categories: CategoryCount[];
}

const CATEGORY_PLACEHOLDER = /\{category\}/g;

export function selectBlogCategoryData(block: BlogCategoryDef, ctx: BlockDataContext): BlogCategoryData {
  const catalog = catalogOf(ctx.store);
  const id = ctx.params['blogCategoryId'] ?? '';
  const base = { id, category: null, posts: [], popular: [], categories: [] };
  if (!validBlogs(catalog)) return { ...base, error: BLOG_CATEGORY_MESSAGES.invalidBlogs };
  if (!validAuthors(catalog)) return { ...base, error: BLOG_CATEGORY_MESSAGES.invalidAuthors };
  // The id is the category's slug; a link made from the name (lower-case, hyphens) finds it too.
  const category = catalog.blogCategories.find((c) => c.id === id || blogCategorySlug(c.name) === id);
  if (!category) {
    ctx.notFound();
    return { ...base, error: BLOG_CATEGORY_MESSAGES.notFound };
  }
  ctx.setMetadata({ title: `${category.name} articles`, description: category.description.replace(CATEGORY_PLACEHOLDER, category.name) });
  ctx.setBreadcrumb([{ label: 'Home', path: '/' }, { label: 'Blogs', path: '/blogs' }, { label: category.name }]);
  const all = catalog.blogs.map((b) => blogCardView(b, catalog));
  return {
    error: null,
    id,
    category: { id: category.id, name: category.name, description: category.description },
    posts: all.filter((p) => p.category?.id === category.id),
    popular: popularBlogs(all, block.popularLimit ?? ctx.settings.blog?.popularPostsMax ?? 3),
    categories: blogCategoryCounts(catalog),
  };
}

export function BlogCategoryBlock({ block, data }: BlockProps<BlogCategoryDef, BlogCategoryData>) {
  const { category } = data;
  if (!category) {
    return (
      <section className="blog-page" id={block.id}>
        <div className="blog-message" role={data.error === BLOG_CATEGORY_MESSAGES.notFound ? undefined : 'alert'}>
          <h1>{data.error}</h1>
          <p>
            <a href="/blogs">See all articles</a>
          </p>
        </div>
      </section>
    );
  }
  const fill = (text: string) => text.replace(CATEGORY_PLACEHOLDER, category.name);
  return (
    <section className="blog-page" id={block.id}>
      <div>
        <h1 className="blog-page__title">{fill(block.title ?? '{category}')}</h1>
        <p className="blog-page__intro">{fill(block.description ?? category.description)}</p>
        <SearchableBlogGrid
          posts={data.posts}
          showSearch={block.showSearch !== false}
          pageSize={block.pageSize ?? 9}
          pagination={block.pagination ?? 'page-numbers'}
          empty={
            <div className="blog-message">
              <h2>{BLOG_CATEGORY_MESSAGES.noBlogs}</h2>
              <p>{BLOG_CATEGORY_MESSAGES.noBlogsIn(data.id)}</p>
            </div>
          }
          noMatches={<p className="empty">{BLOG_CATEGORY_MESSAGES.noMatches}</p>}
          searchLabel={`Search ${category.name} articles`}
          cardHeading="h2"
        />
      </div>
      <aside className="blog-sidebar">
        <CategoryList categories={data.categories} current={category.id} />
        <PostList title="Popular posts" posts={data.popular} />
      </aside>
    </section>
  );
}
