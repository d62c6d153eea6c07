import type { BlogListBlock as BlogListDef } from '../../../schemas/blocks/blogs.schema';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { catalogOf } from '../catalog-store';
import type { CategoryCount } from './blog-rules';
import { popularBlogs } from './blog-rules';
import { blogCardView, blogCategoryCounts, validAuthors, validBlogs, type BlogCardView } from './blog-views';
import { CategoryList, PostList, SearchableBlogGrid } from './BlogPieces';

export const BLOG_LIST_ERROR = { title: 'Error Loading Data', text: 'There was an error loading the blog data. Please try again later.' } as const;

export interface BlogListData {
  error: boolean;
  posts: BlogCardView[];
  categories: CategoryCount[];
  popular: BlogCardView[];
}

export function selectBlogListData(block: BlogListDef, ctx: BlockDataContext): BlogListData {
  const catalog = catalogOf(ctx.store);
  if (!validBlogs(catalog) || !validAuthors(catalog)) return { error: true, posts: [], categories: [], popular: [] };
  const posts = catalog.blogs.map((b) => blogCardView(b, catalog));
  return {
    error: false,
    posts,
    categories: block.showCategories === false ? [] : blogCategoryCounts(catalog),
    popular: popularBlogs(posts, block.popularLimit ?? ctx.settings.blog?.popularPostsMax ?? 3),
  };
}

export function BlogListBlock({ block, data }: BlockProps<BlogListDef, BlogListData>) {
  if (data.error) {
    return (
      <section className="blog-page blog-page--wide" id={block.id}>
        <div className="blog-message" role="alert">
          <h2>{BLOG_LIST_ERROR.title}</h2>
          <p>{BLOG_LIST_ERROR.text}</p>
        </div>
      </section>
    );
  }
  return (
    <section className="blog-page" id={block.id} aria-label={block.title ?? 'Blog'}>
      <div>
        {block.title && <h2 className="blog-page__title">{block.title}</h2>}
        {block.description && <p className="blog-page__intro">{block.description}</p>}
        <SearchableBlogGrid
          posts={data.posts}
          showSearch={block.showSearch !== false}
          pageSize={block.pageSize ?? 9}
          pagination={block.pagination ?? 'page-numbers'}
          empty={<p className="empty">No items available</p>}
          searchLabel="Search the blog"
          cardHeading={block.title ? 'h3' : 'h2'}
        />
      </div>
      <aside className="blog-sidebar">
        {block.showCategories !== false && <CategoryList categories={data.categories} />}
        <PostList title="Popular posts" posts={data.popular} />
      </aside>
    </section>
  );
}
