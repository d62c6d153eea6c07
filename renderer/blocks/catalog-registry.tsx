/**
 * Registry entries of the content and catalog blocks (C2), spread into `blockRegistry` in
 * registry.tsx. To add a block of this family: its schema goes in schemas/blocks/catalog-blocks.ts,
 * its entry here. Interactive blocks say when they hydrate (`island`); review-badge and
 * product-categories are static and ship no JavaScript.
 */
import { BlogAuthorBlock, selectBlogAuthorData } from './blogs/BlogAuthorBlock';
import { BlogCategoryBlock, selectBlogCategoryData } from './blogs/BlogCategoryBlock';
import { BlogDetailBlock, selectBlogDetailData } from './blogs/BlogDetailBlock';
import { BlogListBlock, selectBlogListData } from './blogs/BlogListBlock';
import { defineBlock } from './block-definition';
import { cardsNeedScript } from './cards/cards-need-script';
import { ContentCardsBlock } from './cards/ContentCardsBlock';
import { CategoryShowcaseBlock, ProductCategoriesBlock, selectCategoryShowcaseData, selectProductCategoriesData } from './catalog/CategoryBlocks';
import { ProductStyleBlock, selectProductStyleData } from './catalog/ProductStyleBlock';
import { SampleGridBlock, selectSampleGridData } from './catalog/SampleGridBlock';
import { selectVisualizerData, VisualizerBlock } from './catalog/VisualizerBlock';
import { selectStyleListingData, StyleListingBlock } from './catalog/StyleListingBlock';
import { AccordionBlock } from './content/AccordionBlock';
import { FaqBlock, selectFaqData } from './content/FaqBlock';
import { selectVideoCardsData, VideoCardsBlock } from './content/VideoCardsBlock';
import { GalleryBlock, GalleryDesignBlock, selectGalleryData, selectGalleryDesignData } from './gallery/GalleryBlocks';
import { ReviewBadgeBlock, ReviewCardsBlock, selectReviewBadgeData, selectReviewCardsData } from './reviews/ReviewBlocks';
import { SearchPopupBlock, SearchResultsBlock, selectSearchPopupData, selectSearchResultsData } from './search/SearchBlocks';

export const catalogBlockRegistry = {
  cards: defineBlock({ component: ContentCardsBlock, island: (block) => (cardsNeedScript(block) ? 'visible' : undefined) }),
  accordion: defineBlock({ component: AccordionBlock, island: 'visible' }),
  faq: defineBlock({ component: FaqBlock, selectData: selectFaqData, island: 'visible' }),
  'video-cards': defineBlock({ component: VideoCardsBlock, selectData: selectVideoCardsData, island: 'visible' }),
  'review-cards': defineBlock({ component: ReviewCardsBlock, selectData: selectReviewCardsData, island: 'visible' }),
  'review-badge': defineBlock({ component: ReviewBadgeBlock, selectData: selectReviewBadgeData }),
  'product-categories': defineBlock({ component: ProductCategoriesBlock, selectData: selectProductCategoriesData }),
  'category-showcase': defineBlock({ component: CategoryShowcaseBlock, selectData: selectCategoryShowcaseData, island: 'visible' }),
  'style-listing': defineBlock({ component: StyleListingBlock, selectData: selectStyleListingData, island: 'visible' }),
  'product-style': defineBlock({ component: ProductStyleBlock, selectData: selectProductStyleData, island: 'visible' }),
  'blog-list': defineBlock({ component: BlogListBlock, selectData: selectBlogListData, island: 'visible' }),
  'blog-detail': defineBlock({ component: BlogDetailBlock, selectData: selectBlogDetailData, island: 'visible' }),
  'blog-author': defineBlock({ component: BlogAuthorBlock, selectData: selectBlogAuthorData, island: 'visible' }),
  'blog-category': defineBlock({ component: BlogCategoryBlock, selectData: selectBlogCategoryData, island: 'visible' }),
  gallery: defineBlock({ component: GalleryBlock, selectData: selectGalleryData, island: 'visible' }),
  'gallery-design': defineBlock({ component: GalleryDesignBlock, selectData: selectGalleryDesignData, island: 'visible' }),
  visualizer: defineBlock({ component: VisualizerBlock, selectData: selectVisualizerData, island: 'visible' }),
  'sample-grid': defineBlock({ component: SampleGridBlock, selectData: selectSampleGridData, island: 'visible' }),
  'search-results': defineBlock({ component: SearchResultsBlock, selectData: selectSearchResultsData, island: 'visible' }),
  'search-popup': defineBlock({ component: SearchPopupBlock, selectData: selectSearchPopupData, island: 'visible' }),
};
