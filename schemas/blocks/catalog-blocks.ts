/**
 * The content and catalog block schemas (C2), spliced into `blockSchemas` of page.schema.ts in one
 * line. To add a block of this family: write its schema file here and list it below.
 */
import { accordionBlockSchema } from './accordion.schema';
import { blogAuthorBlockSchema, blogCategoryBlockSchema, blogDetailBlockSchema, blogListBlockSchema } from './blogs.schema';
import { contentCardsBlockSchema } from './cards.schema';
import { faqBlockSchema } from './faq.schema';
import { galleryBlockSchema, galleryDesignBlockSchema, sampleGridBlockSchema, visualizerBlockSchema } from './gallery.schema';
import { categoryShowcaseBlockSchema, productCategoriesBlockSchema, styleListingBlockSchema } from './product-categories.schema';
import { productStyleBlockSchema } from './product-style.schema';
import { reviewBadgeBlockSchema, reviewCardsBlockSchema } from './review-cards.schema';
import { searchPopupBlockSchema, searchResultsBlockSchema } from './search.schema';
import { videoCardsBlockSchema } from './video-cards.schema';

export const catalogBlockSchemas = [
  contentCardsBlockSchema,
  accordionBlockSchema,
  faqBlockSchema,
  videoCardsBlockSchema,
  reviewCardsBlockSchema,
  reviewBadgeBlockSchema,
  productCategoriesBlockSchema,
  categoryShowcaseBlockSchema,
  styleListingBlockSchema,
  productStyleBlockSchema,
  blogListBlockSchema,
  blogDetailBlockSchema,
  blogAuthorBlockSchema,
  blogCategoryBlockSchema,
  galleryBlockSchema,
  galleryDesignBlockSchema,
  visualizerBlockSchema,
  sampleGridBlockSchema,
  searchResultsBlockSchema,
  searchPopupBlockSchema,
] as const;
