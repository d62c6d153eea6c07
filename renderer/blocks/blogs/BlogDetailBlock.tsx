import type { BlogDetailBlock as BlogDetailDef } from '../../../schemas/blocks/blogs.schema';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { catalogOf } from '../catalog-store';
import { formatPublishDate, recentBlogs, type CategoryCount } from './blog-rules';
import { blogCardView, blogCategoryCounts, blogPath, type BlogCardView } from './blog-views';
import { CategoryList, PostList } from './BlogPieces';
import { ShareLinks } from './ShareLinks';
import './blogs.css';

export const BLOG_DETAIL_MESSAGES = {
  notFound: 'Blog not found',
  loading: 'Loading blog content...',
  failed: 'There was an issue loading this blog. Please refresh the page or try again later.',
} as const;

export interface BlogDetailData {
  post: (BlogCardView & { content: string }) | null;
  categories: CategoryCount[];
  recent: BlogCardView[];
}

export function selectBlogDetailData(block: BlogDetailDef, ctx: BlockDataContext): BlogDetailData {
  const catalog = catalogOf(ctx.store);
  const path = ctx.params['blogPath'];
  const blog = path ? catalog.blogs.find((b) => b.path === path) : undefined;
  const categories = blogCategoryCounts(catalog);
  if (!blog) {
    ctx.notFound();
    return { post: null, categories, recent: [] };
  }
  const view = blogCardView(blog, catalog);
  ctx.setMetadata({ title: blog.title, description: blog.description, image: blog.image.src });
  ctx.setBreadcrumb([{ label: 'Home', path: '/' }, { label: 'Blogs', path: '/blogs' }, { label: blog.title }]);
  ctx.addStructuredData({
    '@type': 'BlogPosting',
    headline: blog.title,
    description: blog.description,
    image: blog.image.src,
    datePublished: blog.publishDate,
    ...(view.author ? { author: { '@type': 'Person', name: view.author.name, url: `/blogs/authors/${view.author.id}` } } : {}),
    ...(view.category ? { articleSection: view.category.name } : {}),
    ...(blog.tags?.length ? { keywords: blog.tags.join(', ') } : {}),
    mainEntityOfPage: blogPath(blog),
    publisher: { '@type': 'Organization', name: ctx.settings.siteName },
  });
  return {
    post: { ...view, content: blog.content },
    categories,
    recent: recentBlogs(catalog.blogs, block.recentLimit ?? ctx.settings.blog?.recentArticlesCount ?? 3, blog).map((b) => blogCardView(b, catalog)),
  };
}

/**
 * The article body. It arrives sanitised by the server (sanitize-html at load) inside the page data,
 * so it is never loading after hydration; the loading and failure messages cover a body that is
 * absent (undefined) or empty.
 */
export function BlogBody({ html }: { html: string | undefined }) {
  if (html === undefined) return <p className="blog-article__status">{BLOG_DETAIL_MESSAGES.loading}</p>;
  if (html.trim() === '') return <p className="blog-article__status" role="alert">{BLOG_DETAIL_MESSAGES.failed}</p>;
  return <div className="blog-article__body" dangerouslySetInnerHTML={{ __html: html }} />;
}

export function BlogDetailBlock({ block, data }: BlockProps<BlogDetailDef, BlogDetailData>) {
  const { post } = data;
  if (!post) {
    return (
      <section className="blog-page" id={block.id}>
        <div className="blog-message">
          <h1>{BLOG_DETAIL_MESSAGES.notFound}</h1>
          <p>
            <a href="/blogs">See all articles</a>
          </p>
        </div>
      </section>
    );
  }
  return (
    <section className="blog-page" id={block.id}>
      <article className="blog-article">
        <header className="blog-article__head">
          {post.category && (
            <a className="blog-card__category" href={`/blogs/category/${post.category.id}`}>
              {post.category.name}
            </a>
          )}
          <h1 className="blog-article__title">{post.title}</h1>
          <p className="blog-article__meta">
            {post.author && (
              <span>
                By <a href={`/blogs/authors/${post.author.id}`}>{post.author.name}</a>
              </span>
            )}
            <time dateTime={post.publishDate}>{formatPublishDate(post.publishDate)}</time>
          </p>
          {block.showShare !== false && <ShareLinks path={post.path} title={post.title} />}
        </header>
        <img className="blog-article__cover" src={post.image.src} alt={post.image.altText} width={post.image.width ?? 1200} height={post.image.height ?? 800} fetchPriority="high" />
        <BlogBody html={post.content} />
      </article>
      <aside className="blog-sidebar">
        <CategoryList categories={data.categories} current={post.category?.id} />
        <PostList title="Recent articles" posts={data.recent} />
      </aside>
    </section>
  );
}
