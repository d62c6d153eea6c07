/**
 * Registry entries of the content and catalog blocks (C2), spread into `blockRegistry` in
 * registry.tsx. To add a block of this family: its schema goes in schemas/blocks/catalog-blocks.ts,
 * its entry here.
 */
import { BlogAuthorBlock, selectBlogAuthorData } from './blogs/BlogAuthorBlock';
import { BlogCategoryBlock, selectBlogCategoryData } from './blogs/BlogCategoryBlock';
import { BlogDetailBlock, selectBlogDetailData } from './blogs/BlogDetailBlock';
import { BlogListBlock, selectBlogListData } from './blogs/BlogListBlock';
import { defineBlock } from './block-definition';
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
  cards: defineBlock({ component: ContentCardsBlock }),
  accordion: defineBlock({ component: AccordionBlock }),
  faq: defineBlock({ component: FaqBlock, selectData: selectFaqData }),
  'video-cards': defineBlock({ component: VideoCardsBlock, selectData: selectVideoCardsData }),
  'review-cards': defineBlock({ component: ReviewCardsBlock, selectData: selectReviewCardsData }),
  'review-badge': defineBlock({ component: ReviewBadgeBlock, selectData: selectReviewBadgeData }),
  'product-categories': defineBlock({ component: ProductCategoriesBlock, selectData: selectProductCategoriesData }),
  'category-showcase': defineBlock({ component: CategoryShowcaseBlock, selectData: selectCategoryShowcaseData }),
  'style-listing': defineBlock({ component: StyleListingBlock, selectData: selectStyleListingData }),
  'product-style': defineBlock({ component: ProductStyleBlock, selectData: selectProductStyleData }),
  'blog-list': defineBlock({ component: BlogListBlock, selectData: selectBlogListData }),
  'blog-detail': defineBlock({ component: BlogDetailBlock, selectData: selectBlogDetailData }),
  'blog-author': defineBlock({ component: BlogAuthorBlock, selectData: selectBlogAuthorData }),
  'blog-category': defineBlock({ component: BlogCategoryBlock, selectData: selectBlogCategoryData }),
  gallery: defineBlock({ component: GalleryBlock, selectData: selectGalleryData }),
  'gallery-design': defineBlock({ component: GalleryDesignBlock, selectData: selectGalleryDesignData }),
  visualizer: defineBlock({ component: VisualizerBlock, selectData: selectVisualizerData }),
  'sample-grid': defineBlock({ component: SampleGridBlock, selectData: selectSampleGridData }),
  'search-results': defineBlock({ component: SearchResultsBlock, selectData: selectSearchResultsData }),
  'search-popup': defineBlock({ component: SearchPopupBlock, selectData: selectSearchPopupData }),
};
