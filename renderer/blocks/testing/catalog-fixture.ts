/** A small store for the catalog blocks' unit tests (the demo store in examples/site is larger). */
import type { ProductStyle } from '../../../schemas/catalog/product-style.schema';
import type { CatalogStore } from '../catalog-store';

const img = (src: string, altText: string) => ({ src, altText, width: 1200, height: 800 });
const finish = (style: string, value: string, label: string) => ({
  value,
  label,
  swatchImage: img(`/images/swatches/${value}.svg`, `${label} swatch`),
  doorImage: img(`/images/styles/${style}/door-${value}.svg`, `${style} door in ${label}`),
  previewImage: img(`/images/styles/${style}/preview-${value}.svg`, `A kitchen in ${label}`),
});

export function fixtureStyle(name: string, title: string, category: string, extra: Partial<ProductStyle> = {}): ProductStyle {
  return {
    name,
    title,
    description: `${title} is a solid maple door on a plywood box. `.repeat(3).trim(),
    category,
    images: [{ ...img(`/images/styles/${name}/preview.svg`, `${title} kitchen`), type: 'preview' }],
    finishes: [{ name: 'painted', group: 'Paint', title: 'Painted Finishes', items: [finish(name, 'alpine-white', 'Alpine White'), finish(name, 'sage-green', 'Sage Green')] }],
    items: [
      { sku: `${name.toUpperCase()}-WHT`, name: `${title} Door Sample - Alpine White`, price: 14.99, weight: 2, isSample: true, finish: { type: 'painted', value: 'alpine-white' } },
      { sku: `${name.toUpperCase()}-SGE`, name: `${title} Door Sample - Sage Green`, price: 16.5, weight: 2, isSample: true, finish: { type: 'painted', value: 'sage-green' } },
    ],
    specifications: { specView: 'tabular', specs: [{ name: 'Construction', type: 'unordered-list', props: { items: ['Plywood box'] } }] },
    rating: { avgRating: 4.5, reviewCount: 12 },
    ...extra,
  };
}

export function fixtureStore(): Partial<CatalogStore> {
  const hartford = fixtureStyle('hartford-shaker', 'Hartford Shaker', 'kitchen-cabinets', { label: 'Best Seller', highlights: ['1', '2', '3', '4', '5', '6', '7'] });
  const soho = fixtureStyle('soho-slab', 'Soho Slab', 'kitchen-cabinets', { layout: 'V2', items: [] });
  const cambridge = fixtureStyle('cambridge-vanity', 'Cambridge Vanity', 'bathroom-vanities');
  const category = (slug: string, title: string, styles: string[]) => ({ slug, title, description: `${title} for every home.`, image: img(`/images/categories/${slug}.svg`, title), styles });
  return {
    styles: { [hartford.name]: hartford, [soho.name]: soho, [cambridge.name]: cambridge },
    categories: [
      category('kitchen-cabinets', 'Kitchen Cabinets', ['hartford-shaker', 'soho-slab']),
      category('bathroom-vanities', 'Bathroom Vanities', ['cambridge-vanity']),
      category('rta-cabinets', 'RTA Cabinets', ['hartford-shaker']),
    ],
    faqs: [
      { question: 'How long does shipping take?', answer: '<p>About a week.</p>', category: 'Shipping' },
      { question: 'Is Hartford solid wood?', answer: 'Yes, solid maple.', category: 'Products', styles: ['hartford-shaker'] },
      { question: 'Can I paint Soho?', answer: 'We do not recommend it.', category: 'Products', styles: ['soho-slab'] },
    ],
    reviews: [
      { name: 'Megan R.', rating: 5, platform: 'Google', reviewText: 'Beautiful doors.', date: '2025-03-01', style: 'hartford-shaker' },
      { name: 'Tom L.', rating: 4, platform: 'Houzz', reviewText: 'Good value.', date: '2025-02-01' },
    ],
    reviewSummary: { avgRating: 4.5, reviewCount: 2 },
    blogs: [
      { title: 'RTA vs assembled cabinets', description: 'Which should you buy?', author: 'ana-ruiz', publishDate: '2025-03-02', blogCategory: 'buying-guides', isPopular: true, path: 'rta-vs-assembled', contentPath: 'content/rta-vs-assembled.html', image: img('/images/blogs/rta.svg', 'Flat-packed boxes'), content: '<p>Both work.</p>' },
      { title: 'Painted or stained?', description: 'Finishes that last', author: 'ben-cole', publishDate: '2025-01-10', blogCategory: 'design-ideas', isPopular: true, path: 'painted-or-stained', contentPath: 'content/painted-or-stained.html', image: img('/images/blogs/paint.svg', 'Doors'), content: '<h2>Paint</h2><p>Lasts.</p>' },
      { title: 'Measuring your kitchen', description: 'A DIY guide', author: 'ana-ruiz', publishDate: '2024-11-20', blogCategory: 'buying-guides', path: 'measuring-your-kitchen', contentPath: 'content/measuring.html', image: img('/images/blogs/measure.svg', 'Tape'), content: '' },
    ],
    authors: [
      { id: 'ana-ruiz', name: 'Ana Ruiz', role: 'Lead Designer', description: 'Ana designs kitchens.', image: img('/images/authors/ana.svg', 'Ana Ruiz'), socials: [{ type: 'instagram', url: 'https://instagram.com/ana' }] },
      { id: 'ben-cole', name: 'Ben Cole', description: 'Ben builds cabinets.', image: img('/images/authors/ben.svg', 'Ben Cole') },
    ],
    blogCategories: [
      { id: 'buying-guides', name: 'Buying Guides', description: 'Everything about {category} before you buy.' },
      { id: 'design-ideas', name: 'Design Ideas', description: 'Ideas for {category}.' },
      { id: 'empty-topic', name: 'Empty Topic', description: 'Nothing yet.' },
    ],
    gallery: [
      { slug: 'sage-farmhouse', title: 'Sage Farmhouse Kitchen', description: 'A sage kitchen.', style: 'hartford-shaker', finish: 'sage-green', location: 'Asheville, NC', room: 'kitchen', images: [img('/images/gallery/sage-1.svg', 'Sage kitchen'), img('/images/gallery/sage-2.svg', 'Sage island')] },
      { slug: 'navy-bath', title: 'Navy Bath', description: 'A navy vanity.', style: 'cambridge-vanity', finish: 'alpine-white', room: 'bathroom', images: [img('/images/gallery/navy-1.svg', 'Navy bath')] },
    ],
    searchItems: [
      { name: 'hartford-shaker', title: 'Hartford Shaker', description: 'Five-piece shaker door', type: 'style', path: '/products/kitchen-cabinets/hartford-shaker', images: [img('/images/h.svg', 'Hartford')] },
      { name: 'hartford-shaker', title: 'Hartford Shaker Door Sample - Sage Green', description: 'Door sample', sku: 'HS-SGE', type: 'sample', path: '/products/kitchen-cabinets/hartford-shaker?type=painted&value=sage-green' },
      { name: 'soho-slab', title: 'Soho Slab', description: 'Flat modern door', type: 'style', path: '/products/kitchen-cabinets/soho-slab' },
    ],
  };
}
