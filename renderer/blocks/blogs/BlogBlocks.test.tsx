// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageViewContext } from '../../page-context';
import { testContext } from '../testing/block-context';
import { fixtureStore } from '../testing/catalog-fixture';
import { BlogAuthorBlock, selectBlogAuthorData } from './BlogAuthorBlock';
import { BlogCategoryBlock, selectBlogCategoryData } from './BlogCategoryBlock';
import { BlogBody, BlogDetailBlock, selectBlogDetailData } from './BlogDetailBlock';
import { BlogListBlock, selectBlogListData } from './BlogListBlock';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const page = (url: string, node: ReactNode) => <PageViewContext.Provider value={{ url }}>{node}</PageViewContext.Provider>;

describe('blog list', () => {
  const block = { type: 'blog-list' as const, title: 'Our blog' };
  it('lists posts with categories, popular posts and search', () => {
    const data = selectBlogListData(block, testContext({ store: fixtureStore() }));
    render(page('/blogs', <BlogListBlock block={block} data={data} />));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['RTA vs assembled cabinets', 'Painted or stained?', 'Measuring your kitchen']);
    expect(screen.getByRole('link', { name: 'Buying Guides (2)' }).getAttribute('href')).toBe('/blogs/category/buying-guides');
    expect(screen.getByRole('link', { name: 'Empty Topic (0)' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'BEN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText(/Showing results for: BEN/)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Painted or stained?']);
    expect(window.location.search).toBe('?query=BEN');
  });
  it('shows the error view', () => {
    const data = selectBlogListData(block, testContext({ store: { blogs: [{ nope: 1 }] as never } }));
    render(page('/blogs', <BlogListBlock block={block} data={data} />));
    expect(screen.getByText('Error Loading Data')).toBeTruthy();
    expect(screen.getByText('There was an error loading the blog data. Please try again later.')).toBeTruthy();
  });
});

describe('blog detail', () => {
  const block = { type: 'blog-detail' as const, recentLimit: 1 };
  it('finds the post by path, with author link, date, body, categories and recent posts', () => {
    const ctx = testContext({ store: fixtureStore(), params: { blogPath: 'painted-or-stained' } });
    const data = selectBlogDetailData(block, ctx);
    expect(ctx.recorded.structuredData[0]).toMatchObject({ '@type': 'BlogPosting', headline: 'Painted or stained?', datePublished: '2025-01-10' });
    expect(ctx.recorded.metadata.title).toBe('Painted or stained?');
    render(page('/blogs/painted-or-stained', <BlogDetailBlock block={block} data={data} />));
    expect(screen.getByRole('heading', { level: 1, name: 'Painted or stained?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ben Cole' }).getAttribute('href')).toBe('/blogs/authors/ben-cole');
    expect(screen.getByText('January 10, 2025')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Paint' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Share on Facebook' })).toBeTruthy();
    const recent = screen.getByRole('region', { name: 'Recent articles' });
    expect(recent.textContent).toContain('RTA vs assembled cabinets');
    expect(recent.textContent).not.toContain('Measuring');
  });
  it("answers 404 with 'Blog not found'", () => {
    const ctx = testContext({ store: fixtureStore(), params: { blogPath: 'missing' } });
    render(page('/blogs/missing', <BlogDetailBlock block={block} data={selectBlogDetailData(block, ctx)} />));
    expect(ctx.recorded.notFound).toBe(true);
    expect(screen.getByText('Blog not found')).toBeTruthy();
  });
  it('has loading and failure messages for the body, and no categories message', () => {
    render(<BlogBody html={undefined} />);
    expect(screen.getByText('Loading blog content...')).toBeTruthy();
    cleanup();
    render(<BlogBody html="" />);
    expect(screen.getByText('There was an issue loading this blog. Please refresh the page or try again later.')).toBeTruthy();
    cleanup();
    const store = { ...fixtureStore(), blogCategories: [] };
    render(page('/blogs/x', <BlogDetailBlock block={block} data={selectBlogDetailData(block, testContext({ store, params: { blogPath: 'painted-or-stained' } }))} />));
    expect(screen.getByText('No categories available')).toBeTruthy();
  });
});

describe('blog author', () => {
  const block = { type: 'blog-author' as const, popularLimit: 1 };
  it('shows the banner, the 3-column grid, popular posts and search', () => {
    const ctx = testContext({ store: fixtureStore(), params: { authorId: 'ana-ruiz' } });
    const data = selectBlogAuthorData(block, ctx);
    render(page('/blogs/authors/ana-ruiz?query=diy', <BlogAuthorBlock block={block} data={data} />));
    expect(screen.getByRole('heading', { level: 1, name: 'Ana Ruiz' })).toBeTruthy();
    expect(screen.getByText('Lead Designer')).toBeTruthy();
    expect(screen.getByText(/Showing results for: diy/)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Measuring your kitchen']);
    expect(screen.getByRole('region', { name: 'Popular posts' }).querySelectorAll('li')).toHaveLength(1);
    expect(document.querySelector('.blog-grid')!.getAttribute('style')).toContain('--columns: 3');
  });
  it("answers 404 with 'Blog Author Not Found'", () => {
    const ctx = testContext({ store: fixtureStore(), params: { authorId: 'nobody' } });
    render(page('/blogs/authors/nobody', <BlogAuthorBlock block={block} data={selectBlogAuthorData(block, ctx)} />));
    expect(ctx.recorded.notFound).toBe(true);
    expect(screen.getByText('Blog Author Not Found')).toBeTruthy();
  });
});

describe('blog category', () => {
  const block = { type: 'blog-category' as const, title: 'Articles on {category}' };
  const show = (params: Record<string, string>, store = fixtureStore(), url = '/blogs/category/x') => {
    const ctx = testContext({ store, params });
    render(page(url, <BlogCategoryBlock block={block} data={selectBlogCategoryData(block, ctx)} />));
    return ctx;
  };
  it('fills the placeholder and lists the category posts', () => {
    show({ blogCategoryId: 'buying-guides' });
    expect(screen.getByRole('heading', { level: 1, name: 'Articles on Buying Guides' })).toBeTruthy();
    expect(screen.getByText('Everything about Buying Guides before you buy.')).toBeTruthy();
    // Straight under the page's h1, the cards' titles are h2 (no level skipped).
    expect(screen.getAllByRole('heading', { level: 2 }).filter((h) => h.classList.contains('blog-card__title'))).toHaveLength(2);
    expect(document.querySelectorAll('.blog-card__title')).toHaveLength(2);
  });
  it('gives every message of the spec', () => {
    expect(show({ blogCategoryId: 'nope' }).recorded.notFound).toBe(true);
    expect(screen.getByText('Blog Category Not Found')).toBeTruthy();
    cleanup();
    show({ blogCategoryId: 'empty-topic' });
    expect(screen.getByText('No Blogs Found')).toBeTruthy();
    expect(screen.getByText('There are no blogs available in the category: empty-topic')).toBeTruthy();
    cleanup();
    show({ blogCategoryId: 'buying-guides' }, fixtureStore(), '/blogs/category/buying-guides?query=granite');
    expect(screen.getByText('No blogs found in this category.')).toBeTruthy();
    cleanup();
    show({ blogCategoryId: 'buying-guides' }, { ...fixtureStore(), blogs: 'x' as never });
    expect(screen.getByText('Invalid blog data')).toBeTruthy();
    cleanup();
    show({ blogCategoryId: 'buying-guides' }, { ...fixtureStore(), authors: [{ id: 3 }] as never });
    expect(screen.getByText('Invalid author data')).toBeTruthy();
  });
});
