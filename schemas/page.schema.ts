import type { FromSchema } from 'json-schema-to-ts';
import { addressContactBlockSchema } from './blocks/address-contact.schema';
import { bannerBlockSchema, bannerSliderBlockSchema, titleBannerBlockSchema } from './blocks/banners.schema';
import { breadcrumbBlockSchema } from './blocks/breadcrumb.schema';
import { catalogBlockSchemas } from './blocks/catalog-blocks';
import { formBlockSchema } from './blocks/form.schema';
import { unsubscribeBlockSchema } from './blocks/unsubscribe.schema';
import { newsletterConfirmBlockSchema } from './blocks/newsletter-confirm.schema';
import { estimatorBlockSchema } from './blocks/estimator.schema';
import { orderSamplesBlockSchema, sampleCartBlockSchema } from './blocks/samples.schema';
// Payment result pages
import { orderSuccessBlockSchema, paymentFailureBlockSchema, paymentVerifyBlockSchema } from './blocks/payment-result.schema';
// Checkout
import { checkoutBlockSchema } from './blocks/checkout.schema';
import { notFoundBlockSchema } from './blocks/not-found.schema';
import { quoteLinkBlockSchema } from './blocks/quote-link.schema';
import { placeholderBlockSchema, promotionsBlockSchema } from './blocks/placeholder.schema';
import { popupBlockSchema } from './blocks/popup.schema';
import { schedulingWidgetBlockSchema } from './blocks/scheduling-widget.schema';
import { stepsBlockSchema, textBlockSchema } from './blocks/text.schema';
import { richTextBlockSchema } from './blocks/rich-text.schema';
// Money pages: quote payment and split payment
import { quotePaymentBlockSchema, splitPaymentBlockSchema } from './blocks/payment-pages.schema';
import { schemaId } from './schema-id';
// Customer accounts
import { accountBlockSchemas } from './blocks/account.schema';

/**
 * Every block type a page may use. To add one: write its schema in schemas/blocks/<name>.schema.ts
 * and insert it in this list (one line), then register its component in renderer/blocks/registry.tsx.
 */
export const blockSchemas = [
  // Site shell blocks (C1)
  bannerBlockSchema,
  bannerSliderBlockSchema,
  titleBannerBlockSchema,
  breadcrumbBlockSchema,
  addressContactBlockSchema,
  schedulingWidgetBlockSchema,
  textBlockSchema,
  richTextBlockSchema,
  stepsBlockSchema,
  placeholderBlockSchema,
  promotionsBlockSchema,
  notFoundBlockSchema,
  quoteLinkBlockSchema,
  // Content and catalog blocks (C2): schemas/blocks/catalog-blocks.ts
  ...catalogBlockSchemas,
  // Forms, popups and the newsletter
  formBlockSchema,
  popupBlockSchema,
  unsubscribeBlockSchema,
  newsletterConfirmBlockSchema,
  estimatorBlockSchema,
  orderSamplesBlockSchema,
  sampleCartBlockSchema,
  // Payment result pages
  paymentVerifyBlockSchema,
  orderSuccessBlockSchema,
  paymentFailureBlockSchema,
  // Customer accounts
  ...accountBlockSchemas,
  // Quote payment and split payment
  quotePaymentBlockSchema,
  splitPaymentBlockSchema,
  // Checkout
  checkoutBlockSchema,
] as const;

export const pageSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('page'),
  type: 'object',
  title: 'Page definition',
  description: 'One page of the site: its metadata and the blocks it shows, top to bottom.',
  additionalProperties: false,
  required: ['metadata', 'blocks'],
  properties: {
    $schema: { title: 'Schema file', type: 'string', description: 'Path or URL of this schema, so editors can check the file.' },
    metadata: {
      type: 'object',
      title: 'Page metadata',
      description: 'What search engines and link previews show for the page.',
      additionalProperties: false,
      required: ['title', 'description'],
      properties: {
        title: { title: 'Title', type: 'string', minLength: 1, description: 'The page title (browser tab and search results).' },
        description: { title: 'Description', type: 'string', minLength: 1, description: 'The meta description shown in search results.' },
        image: { title: 'Image', type: 'string', minLength: 1, description: 'The picture shown when the page is shared in a message or on social media, e.g. /images/pages/about.svg.' },
        breadcrumbTitle: { title: 'Name in the breadcrumb', type: 'string', minLength: 1, description: 'Shorter name of the page in breadcrumbs. Default: the title.' },
        transactional: { title: 'Transactional',
          type: 'boolean',
          description: 'For checkout, payment and order-result pages: search engines neither list them nor show their questions, breadcrumbs or videos.',
        },
        noindex: { title: 'Hidden from search engines', type: 'boolean', description: 'Keep the page out of search engines and the sitemap (test and account pages).' },
        requiresSignIn: { title: 'Needs sign-in',
          type: 'boolean',
          description:
            'A customer account page: a visitor who is not signed in is sent to the sign-in page first, and back here after.',
        },
      },
    },
    blocks: { title: 'Blocks',
      type: 'array',
      description: 'The blocks of the page, top to bottom. Each names its type.',
      items: { type: 'object', oneOf: blockSchemas, discriminator: { propertyName: 'type' } },
    },
  },
} as const;

export type PageDefinition = FromSchema<typeof pageSchema>;
export type Block = PageDefinition['blocks'][number];
export type { BannerBlock } from './blocks/banners.schema';
