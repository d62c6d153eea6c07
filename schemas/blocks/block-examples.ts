/**
 * One example of every block type, with a short plain description of what a visitor sees. The
 * studio's "Add a block" catalogue shows each example drawn by the real renderer (the server renders
 * it on demand), beside its description. The examples name the demo store's forms, styles, posts and
 * designs; on another store a block whose name is missing draws its own "not found" state.
 *
 * `params` are the values of the page address a block reads (the post, the style, the design...):
 * the example is rendered at an address that carries them.
 */
import type { Block } from '../page.schema';

export interface BlockExample<B extends Block = Block> {
  /** What the block shows, in a line a content editor reads (no file names, no jargon). */
  summary: string;
  block: B;
  params?: Record<string, string>;
}

type BlockExamples = { [T in Block['type']]: BlockExample<Extract<Block, { type: T }>> };

const image = (src: string, alt: string, width = 1920, height = 787) => ({ src, alt, width, height });

export const blockExamples: BlockExamples = {
  banner: {
    summary: 'A wide picture with a title, a line of text and a button.',
    block: { type: 'banner', title: 'Kitchens built to gather around', subtitle: 'Solid-wood cabinets in eight door styles.', image: image('/images/banner-home.svg', 'A bright kitchen with white shaker cabinets'), action: { text: 'Shop cabinets', path: '/products' } },
  },
  'banner-slider': {
    summary: 'Several wide pictures shown one after another, with arrows and dots.',
    block: {
      type: 'banner-slider',
      label: 'Featured',
      slides: [
        { title: 'Kitchens built to gather around', subtitle: 'Free kitchen design with every order.', image: image('/images/banner-home.svg', 'A bright kitchen with white shaker cabinets'), action: { text: 'Shop cabinets', path: '/products' } },
        { title: 'Free door samples', image: image('/images/pages/banner-design.svg', 'A designer with door samples') },
      ],
    },
  },
  'title-banner': {
    summary: 'The page title on a band, with the way back to the home page under it.',
    block: { type: 'title-banner', title: 'About us', subtitle: 'A small workshop that grew up, without cutting corners.', image: image('/images/pages/banner-about.svg', 'Our showroom kitchen') },
  },
  breadcrumb: {
    summary: 'The trail of links from the home page to this page.',
    block: { type: 'breadcrumb', items: [{ label: 'Home', path: '/' }, { label: 'Inspiration', path: '/inspiration-gallery' }, { label: 'Sage farmhouse kitchen' }] },
  },
  'address-contact': {
    summary: 'The showroom address, phone, e-mail and opening hours.',
    block: { type: 'address-contact' },
  },
  'scheduling-widget': {
    summary: 'A calendar where visitors book a showroom visit or a video call.',
    block: { type: 'scheduling-widget', text: 'Choose a showroom visit or a video call.' },
  },
  text: {
    summary: 'A title and sections of plain text, with a picture beside them.',
    block: {
      type: 'text',
      title: 'Our story',
      image: image('/images/pages/illustration-about.svg', 'Our workshop bench', 800, 600),
      sections: [{ heading: 'Where we started', paragraphs: ['We began in 2009 with one bench saw and a garage.', 'Today a team of twenty builds every kitchen to order.'] }],
    },
  },
  'rich-text': {
    summary: 'Formatted text: headings, bold and italic words, links and lists.',
    block: { type: 'rich-text', html: '<h2>Our promise</h2><p>Every kitchen is built to order and <strong>inspected twice</strong> before it leaves.</p><ul><li>A lifetime warranty on cabinet boxes</li><li>Free design help</li></ul>' },
  },
  steps: {
    summary: 'Numbered steps of a how-to (01, 02, 03…).',
    block: {
      type: 'steps',
      title: 'How to order',
      steps: [
        { title: 'Measure your kitchen', text: 'Walls, windows and doors.' },
        { title: 'Get a free design', text: 'A designer draws your kitchen.' },
        { title: 'Order and relax', text: 'Your cabinets ship in two weeks.' },
      ],
    },
  },
  placeholder: {
    summary: 'A short note with buttons, where something is still to come.',
    block: { type: 'placeholder', title: 'Start a millwork project', message: 'Send us a sketch and a designer will quote it within a week.', headingLevel: 2, actions: [{ text: 'Contact a designer', path: '/contact' }] },
  },
  promotions: {
    summary: 'A strip with the store’s current offers (set in site settings).',
    block: { type: 'promotions' },
  },
  'not-found': {
    summary: 'The “page not found” message, with buttons to go back or home.',
    block: { type: 'not-found', variant: 'v2', title: 'We couldn’t find that page', text: 'The page may have moved.' },
  },
  'quote-link': {
    summary: 'Shows nothing: put it first on the page a quote’s payment link opens, so the link’s secret leaves the address bar.',
    block: { type: 'quote-link' },
  },
  cards: {
    summary: 'Cards in a grid, each with a title, text and an optional picture or link.',
    block: {
      type: 'cards',
      title: 'What you can count on',
      columns: 3,
      items: [
        { title: 'Built to last', description: 'A lifetime warranty on cabinet boxes.' },
        { title: 'Designed with you', description: 'Our designers draw your kitchen in 3D.' },
        { title: 'Delivered with care', description: 'Free shipping on larger orders.' },
      ],
    },
  },
  accordion: {
    summary: 'Topics that open one at a time when a visitor clicks them.',
    block: {
      type: 'accordion',
      title: 'Good to know',
      initiallyOpen: 0,
      items: [
        { title: 'How long does delivery take?', description: 'Two weeks for most styles.' },
        { title: 'Can I change my order?', description: 'Yes, until it is built.' },
      ],
    },
  },
  faq: {
    summary: 'The frequently asked questions, with tabs by topic.',
    block: { type: 'faq', title: 'How can we help?', tabs: 'buttons' },
  },
  'video-cards': {
    summary: 'Videos as cards; a click plays the video.',
    block: {
      type: 'video-cards',
      title: 'Watch and learn',
      items: [
        { title: 'Installing a base cabinet', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', thumbnail: { src: '/images/pages/illustration-installation.svg', alt: 'An installer levelling a cabinet' } },
        { title: 'A tour of our workshop', videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', thumbnail: { src: '/images/pages/illustration-millwork.svg', alt: 'The workshop' } },
      ],
    },
  },
  'review-cards': {
    summary: 'Customer reviews as cards, with the average rating.',
    block: { type: 'review-cards', title: 'What our customers say', limit: 3, minRating: 4 },
  },
  'review-badge': {
    summary: 'The average rating in stars and the number of reviews.',
    block: { type: 'review-badge', label: 'Customer rating' },
  },
  'product-categories': {
    summary: 'Every product category as a card that opens its page.',
    block: { type: 'product-categories', title: 'Shop by room' },
  },
  'category-showcase': {
    summary: 'One category’s styles as cards, with its description.',
    block: { type: 'category-showcase', category: 'kitchen-cabinets', swatchLimit: 6 },
  },
  'style-listing': {
    summary: 'Styles as cards, with filters, sorting and pages.',
    block: { type: 'style-listing', title: 'Kitchen cabinet styles', category: 'kitchen-cabinets', pageSize: 3, swatchLimit: 6 },
  },
  'product-style': {
    summary: 'One style in detail: pictures, finishes, description, door samples and specifications.',
    block: { type: 'product-style', style: 'hartford-shaker', category: 'kitchen-cabinets' },
  },
  'blog-list': {
    summary: 'The blog’s articles, newest first, with search and categories.',
    block: { type: 'blog-list', title: 'Latest articles', pageSize: 3 },
  },
  'blog-detail': {
    summary: 'One article of the blog, the one the page’s address names.',
    block: { type: 'blog-detail' },
    params: { blogPath: 'five-kitchen-layouts' },
  },
  'blog-author': {
    summary: 'An author of the blog and their articles.',
    block: { type: 'blog-author', pageSize: 3 },
    params: { authorId: 'claire-donovan' },
  },
  'blog-category': {
    summary: 'The articles of one blog category.',
    block: { type: 'blog-category', title: '{category}', pageSize: 3 },
    params: { blogCategoryId: 'kitchen-design' },
  },
  gallery: {
    summary: 'Photos of finished projects, filterable by room.',
    block: { type: 'gallery', title: 'Recent projects', pageSize: 6 },
  },
  'gallery-design': {
    summary: 'One finished project: its story, photos and the finish used.',
    block: { type: 'gallery-design', moreLimit: 3 },
    params: { designSlug: 'sage-farmhouse-kitchen' },
  },
  visualizer: {
    summary: 'Visitors pick a door style and a finish and see a room in it.',
    block: { type: 'visualizer', title: 'Design your kitchen' },
  },
  'sample-grid': {
    summary: 'Styles with their finish swatches, each with an “Order Now” for door samples.',
    block: { type: 'sample-grid', title: 'Pick a style and a finish' },
  },
  'search-results': {
    summary: 'A search box and what it finds in the catalogue.',
    block: { type: 'search-results', title: 'Search the catalog', pageSize: 6 },
  },
  'search-popup': {
    summary: 'A search button that opens a search box with suggestions.',
    block: { type: 'search-popup', label: 'Quick search' },
  },
  form: {
    summary: 'One of the site’s forms, such as contact or claim.',
    block: { type: 'form', form: 'contact' },
  },
  popup: {
    summary: 'Shows nothing in the page: makes a popup (such as the newsletter offer) appear on it.',
    block: { type: 'popup', popups: ['newsletter'] },
  },
  'newsletter-unsubscribe': {
    summary: 'The page an unsubscribe link in a newsletter opens.',
    block: { type: 'newsletter-unsubscribe', title: 'Unsubscribe from the newsletter', text: 'Order e-mails are not affected.' },
    params: { unsubscribeToken: 'example' },
  },
  'newsletter-confirm': {
    summary: 'The page the confirmation link of a newsletter sign-up opens.',
    block: { type: 'newsletter-confirm', title: 'Newsletter subscription' },
    params: { confirmationToken: 'example' },
  },
  estimator: {
    summary: 'A price estimator: visitors answer questions and see a price range.',
    block: { type: 'estimator', template: 'kitchen-estimator' },
  },
  'order-samples': {
    summary: 'The door samples of one style, to tick and add to the sample cart.',
    block: { type: 'order-samples', styleName: 'hartford-shaker', heading: 'Hartford Shaker door samples' },
  },
  'sample-cart': {
    summary: 'The visitor’s sample cart, with a link to checkout.',
    block: { type: 'sample-cart', title: 'Your sample cart' },
  },
  'payment-verify': {
    summary: 'The “confirming your payment” step after a bank or card check.',
    block: { type: 'payment-verify', title: 'Confirming your payment' },
    params: { paymentMethod: 'card' },
  },
  'order-success': {
    summary: 'The thank-you page after an order, with its number.',
    block: { type: 'order-success', title: 'Thank you for your order', content: ['Your order {orderId} has been placed.'] },
  },
  'payment-failure': {
    summary: 'The page shown when a payment did not go through, with what to do next.',
    block: { type: 'payment-failure', title: 'Payment failed', content: ['We could not complete your payment.'] },
  },
  'account-links': {
    summary: 'Links under an account form, such as “Forgot your password?”.',
    block: { type: 'account-links', links: [{ text: 'Forgot your password?', path: '/my-account/forgot-password' }, { text: 'Create an account', path: '/register' }] },
  },
  'account-home': {
    summary: 'A signed-in customer’s account: greeting, orders, quotes, addresses.',
    block: { type: 'account-home' },
  },
  'account-addresses': {
    summary: 'A customer’s saved addresses, to edit or remove.',
    block: { type: 'account-addresses' },
  },
  'account-address-form': {
    summary: 'The form where a customer adds or changes an address.',
    block: { type: 'account-address-form' },
  },
  'account-list': {
    summary: 'A customer’s orders or quotes, newest first.',
    block: { type: 'account-list', list: 'orders' },
  },
  'account-detail': {
    summary: 'One of a customer’s orders or quotes in detail.',
    block: { type: 'account-detail', kind: 'order' },
    params: { id: '1' },
  },
  'quote-payment': {
    summary: 'The page where a customer pays a quote sent to them.',
    block: { type: 'quote-payment', title: 'Pay your quote' },
  },
  'split-payment': {
    summary: 'Pay an order in several parts.',
    block: { type: 'split-payment', title: 'Pay toward your order' },
  },
  checkout: {
    summary: 'The checkout: addresses, delivery, payment and the cart’s summary.',
    block: { type: 'checkout', title: 'Checkout' },
  },
};
