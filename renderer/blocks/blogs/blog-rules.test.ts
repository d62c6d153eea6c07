import { describe, expect, it } from 'vitest';
import { blogCategorySlug, categoryCounts, formatPublishDate, matchesBlogSearch, popularBlogs, recentBlogs } from './blog-rules';

const blogs = [
  { title: 'Painted vs stained', description: 'Which finish lasts', author: 'ana', publishDate: '2025-01-10', blogCategory: 'Design Ideas', isPopular: true },
  { title: 'Measuring your kitchen', description: 'A DIY guide', author: 'ben', publishDate: '2025-03-02', blogCategory: 'How To', isPopular: false },
  { title: 'Shaker forever', description: 'Why it never dates', author: 'ana', publishDate: '2024-11-20', blogCategory: 'Design Ideas', isPopular: true },
];

describe('blog rules', () => {
  it('slugs are lower-case with non-alphanumerics as hyphens', () => {
    expect(blogCategorySlug('Design Ideas')).toBe('design-ideas');
    expect(blogCategorySlug('Tips & Tricks')).toBe('tips-tricks');
    expect(blogCategorySlug('DIY: Before/After!')).toBe('diy-before-after');
  });
  it('search is case-insensitive over title, description and author name', () => {
    expect(matchesBlogSearch(blogs[0]!, 'Ana Ruiz', 'PAINTED')).toBe(true);
    expect(matchesBlogSearch(blogs[1]!, 'Ben Cole', 'diy')).toBe(true);
    expect(matchesBlogSearch(blogs[1]!, 'Ben Cole', 'cole')).toBe(true);
    expect(matchesBlogSearch(blogs[1]!, 'Ben Cole', 'granite')).toBe(false);
  });
  it('recent posts are newest first and capped, without the current one', () => {
    expect(recentBlogs(blogs, 2).map((b) => b.title)).toEqual(['Measuring your kitchen', 'Painted vs stained']);
    expect(recentBlogs(blogs, 5, blogs[1]).map((b) => b.title)).toEqual(['Painted vs stained', 'Shaker forever']);
  });
  it('popular posts are flagged, newest first, capped', () => {
    expect(popularBlogs(blogs, 1).map((b) => b.title)).toEqual(['Painted vs stained']);
    expect(popularBlogs(blogs, 5)).toHaveLength(2);
  });
  it('counts categories', () => {
    expect(categoryCounts(blogs, ['Materials'])).toEqual([
      { name: 'Materials', slug: 'materials', count: 0 },
      { name: 'Design Ideas', slug: 'design-ideas', count: 2 },
      { name: 'How To', slug: 'how-to', count: 1 },
    ]);
  });
  it('formats dates in UTC', () => {
    expect(formatPublishDate('2025-03-02')).toBe('March 2, 2025');
  });
});
