import type { BlogAuthorBlock as BlogAuthorDef } from '../../../schemas/blocks/blogs.schema';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { catalogOf } from '../catalog-store';
import { popularBlogs } from './blog-rules';
import { blogCardView, type BlogCardView } from './blog-views';
import { PostList, SearchableBlogGrid } from './BlogPieces';
import { SocialLinks } from './ShareLinks';
import './blogs.css';

export const BLOG_AUTHOR_NOT_FOUND = 'Blog Author Not Found';

export interface BlogAuthorData {
  author: { id: string; name: string; role?: string; description: string; image: { src: string; altText: string }; socials: { type: string; url: string }[] } | null;
  posts: BlogCardView[];
  popular: BlogCardView[];
}

export function selectBlogAuthorData(block: BlogAuthorDef, ctx: BlockDataContext): BlogAuthorData {
  const catalog = catalogOf(ctx.store);
  const id = ctx.params['authorId'];
  const author = id ? catalog.authors.find((a) => a.id === id) : undefined;
  if (!author) {
    ctx.notFound();
    return { author: null, posts: [], popular: [] };
  }
  ctx.setMetadata({ title: `${author.name}, author`, description: author.description, image: author.image.src });
  ctx.setBreadcrumb([{ label: 'Home', path: '/' }, { label: 'Blogs', path: '/blogs' }, { label: author.name }]);
  const posts = catalog.blogs.filter((b) => b.author === author.id).map((b) => blogCardView(b, catalog));
  return {
    author: {
      id: author.id,
      name: author.name,
      ...(author.role ? { role: author.role } : {}),
      description: author.description,
      image: { src: author.image.src, altText: author.image.altText },
      socials: (author.socials ?? []).map((s) => ({ type: s.type, url: s.url })),
    },
    posts,
    popular: popularBlogs(
      catalog.blogs.map((b) => blogCardView(b, catalog)),
      block.popularLimit ?? ctx.settings.blog?.popularPostsMax ?? 3,
    ),
  };
}

export function BlogAuthorBlock({ block, data }: BlockProps<BlogAuthorDef, BlogAuthorData>) {
  const { author } = data;
  if (!author) {
    return (
      <section className="blog-page" id={block.id}>
        <div className="blog-message">
          <h1>{BLOG_AUTHOR_NOT_FOUND}</h1>
          <p>
            <a href="/blogs">See all articles</a>
          </p>
        </div>
      </section>
    );
  }
  return (
    <section className="blog-page" id={block.id}>
      <header className="author-banner">
        <img src={author.image.src} alt={author.image.altText} width={120} height={120} />
        <div>
          <h1>{author.name}</h1>
          {author.role && <p className="author-banner__role">{author.role}</p>}
          <p className="author-banner__bio">{author.description}</p>
          <SocialLinks socials={author.socials} name={author.name} />
        </div>
      </header>
      <div>
        <h2 className="blog-page__title">Articles by {author.name}</h2>
        <SearchableBlogGrid
          posts={data.posts}
          showSearch={block.showSearch !== false}
          pageSize={block.pageSize ?? 9}
          pagination={block.pagination ?? 'page-numbers'}
          empty={<p className="empty">No items available</p>}
          searchLabel={`Search articles by ${author.name}`}
        />
      </div>
      <aside className="blog-sidebar">
        <PostList title="Popular posts" posts={data.popular} />
      </aside>
    </section>
  );
}
