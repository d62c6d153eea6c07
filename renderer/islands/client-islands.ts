/**
 * The browser's island registry: for each island name (an interactive block type, or a shell
 * island), how to load its component. Each `import()` is its own chunk, so a page downloads the code
 * of the islands it has and nothing else; static blocks are not here and never reach the browser.
 * A test (client-islands.test.ts) keeps this list equal to the block registry's interactive types.
 */
import type { ComponentType } from 'react';
import { BLOCK_ISLAND_NAMES, type BlockIslandName, type ShellIslandName } from './island-types';

// Props arrive as JSON written by the server for exactly this component.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IslandComponent = ComponentType<any>;
export type IslandLoader = () => Promise<IslandComponent>;

const shell: Record<ShellIslandName, IslandLoader> = {
  header: () => import('../layout/Header').then((m) => m.Header),
  alerts: () => import('../layout/AlertStack').then((m) => m.AlertStack),
  'back-to-top': () => import('../layout/BackToTop').then((m) => m.BackToTop),
  'cookie-banner': () => import('../layout/CookieBanner').then((m) => m.CookieBanner),
  'footer-newsletter': () => import('../layout/FooterNewsletter').then((m) => m.FooterNewsletter),
};

const blocks: Record<BlockIslandName, IslandLoader> = {
  'banner-slider': () => import('../blocks/BannerSlider').then((m) => m.BannerSlider),
  'scheduling-widget': () => import('../blocks/SchedulingWidget').then((m) => m.SchedulingWidget),
  'not-found': () => import('../blocks/NotFound').then((m) => m.NotFound),
  'quote-link': () => import('../blocks/quote/QuoteLinkBlock').then((m) => m.QuoteLinkBlock),
  cards: () => import('../blocks/cards/ContentCardsBlock').then((m) => m.ContentCardsBlock),
  accordion: () => import('../blocks/content/AccordionBlock').then((m) => m.AccordionBlock),
  faq: () => import('../blocks/content/FaqBlock').then((m) => m.FaqBlock),
  'video-cards': () => import('../blocks/content/VideoCardsBlock').then((m) => m.VideoCardsBlock),
  'review-cards': () => import('../blocks/reviews/ReviewBlocks').then((m) => m.ReviewCardsBlock),
  'category-showcase': () => import('../blocks/catalog/CategoryBlocks').then((m) => m.CategoryShowcaseBlock),
  'style-listing': () => import('../blocks/catalog/StyleListingBlock').then((m) => m.StyleListingBlock),
  'product-style': () => import('../blocks/catalog/ProductStyleBlock').then((m) => m.ProductStyleBlock),
  'blog-list': () => import('../blocks/blogs/BlogListBlock').then((m) => m.BlogListBlock),
  'blog-detail': () => import('../blocks/blogs/BlogDetailBlock').then((m) => m.BlogDetailBlock),
  'blog-author': () => import('../blocks/blogs/BlogAuthorBlock').then((m) => m.BlogAuthorBlock),
  'blog-category': () => import('../blocks/blogs/BlogCategoryBlock').then((m) => m.BlogCategoryBlock),
  gallery: () => import('../blocks/gallery/GalleryBlocks').then((m) => m.GalleryBlock),
  'gallery-design': () => import('../blocks/gallery/GalleryBlocks').then((m) => m.GalleryDesignBlock),
  visualizer: () => import('../blocks/catalog/VisualizerBlock').then((m) => m.VisualizerBlock),
  'sample-grid': () => import('../blocks/catalog/SampleGridBlock').then((m) => m.SampleGridBlock),
  'search-results': () => import('../blocks/search/SearchBlocks').then((m) => m.SearchResultsBlock),
  'search-popup': () => import('../blocks/search/SearchBlocks').then((m) => m.SearchPopupBlock),
  form: () => import('../forms/form-block-entry').then((m) => m.FormPageBlock),
  popup: () => import('../popups/popup-block-entry').then((m) => m.PopupPageBlock),
  'newsletter-unsubscribe': () => import('../blocks/newsletter/UnsubscribeBlock').then((m) => m.UnsubscribeBlock),
  'newsletter-confirm': () => import('../blocks/newsletter/NewsletterConfirmBlock').then((m) => m.NewsletterConfirmBlock),
  estimator: () => import('../blocks/estimator/EstimatorBlock').then((m) => m.EstimatorBlock),
  'order-samples': () => import('../blocks/samples/SampleBlocks').then((m) => m.OrderSamplesBlock),
  'sample-cart': () => import('../blocks/samples/SampleBlocks').then((m) => m.SampleCartBlock),
  // Payment result pages
  'payment-verify': () => import('../blocks/payment-result/PaymentResultBlocks').then((m) => m.PaymentVerifyBlock),
  'order-success': () => import('../blocks/payment-result/PaymentResultBlocks').then((m) => m.OrderSuccessBlock),
  'payment-failure': () => import('../blocks/payment-result/PaymentResultBlocks').then((m) => m.PaymentFailureBlock),
  // Customer accounts
  'account-home': () => import('../blocks/account/AccountHomeBlock').then((m) => m.AccountHomeBlock),
  'account-addresses': () => import('../blocks/account/AccountAddressesBlock').then((m) => m.AccountAddressesBlock),
  'account-address-form': () => import('../blocks/account/AccountAddressFormBlock').then((m) => m.AccountAddressFormBlock),
  'account-list': () => import('../blocks/account/AccountListBlock').then((m) => m.AccountListBlock),
  'account-detail': () => import('../blocks/account/AccountDetailBlock').then((m) => m.AccountDetailBlock),
  // Quote payment and split payment
  'quote-payment': () => import('../blocks/payment-pages/PaymentPageBlocks').then((m) => m.QuotePaymentBlock),
  'split-payment': () => import('../blocks/payment-pages/PaymentPageBlocks').then((m) => m.SplitPaymentBlock),
  // Checkout
  checkout: () => import('../blocks/checkout/CheckoutBlock').then((m) => m.CheckoutBlock),
};

export const clientIslands: Readonly<Record<string, IslandLoader>> = { ...shell, ...blocks };
export const shellIslandNames = Object.keys(shell) as ShellIslandName[];
export const blockIslandNames: readonly string[] = BLOCK_ISLAND_NAMES;
