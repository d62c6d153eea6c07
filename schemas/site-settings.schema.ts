import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from './schema-id';

const linkProperties = {
  label: { type: 'string', minLength: 1, description: 'Menu text.' },
  path: { type: 'string', minLength: 1, description: 'Where the entry links to: a site path such as /contact, or a full URL.' },
} as const;

export const menuLinkSchema = {
  type: 'object',
  title: 'Menu link',
  description: 'One link of a submenu or of a mega-menu column.',
  additionalProperties: false,
  required: ['label', 'path'],
  properties: {
    ...linkProperties,
    description: { type: 'string', description: 'A short line under the link (mega menus show it).' },
    image: { type: 'string', description: 'Path of a small picture shown beside the link in a mega menu, e.g. /images/styles/shaker.svg.' },
  },
} as const;

export const footerGroupSchema = {
  type: 'object',
  title: 'Footer link group',
  description: 'A titled column of links in the footer.',
  additionalProperties: false,
  required: ['title', 'links'],
  properties: {
    title: { type: 'string', minLength: 1, description: 'Heading of the column, e.g. Help.' },
    links: {
      type: 'array',
      description: 'The links of the column, top to bottom.',
      items: {
        type: 'object',
        title: 'Footer link',
        description: 'One link of a footer column.',
        additionalProperties: false,
        required: ['label', 'path'],
        properties: linkProperties,
      },
    },
  },
} as const;

export const megaMenuSchema = {
  type: 'object',
  title: 'Mega menu',
  description: 'A wide panel of link columns opened from a top-level entry on desktop.',
  additionalProperties: false,
  required: ['columns'],
  properties: {
    columns: {
      type: 'array',
      minItems: 1,
      description: 'Columns of the panel, left to right.',
      items: {
        type: 'object',
        title: 'Mega-menu column',
        description: 'A titled list of links.',
        additionalProperties: false,
        required: ['title', 'links'],
        properties: {
          title: { type: 'string', minLength: 1, description: 'Column heading.' },
          path: { type: 'string', description: 'Optional link of the heading.' },
          links: { type: 'array', items: menuLinkSchema, description: 'Links of the column.' },
        },
      },
    },
    feature: {
      type: 'object',
      title: 'Featured panel',
      description: 'An optional picture with a call to action at the right of the panel.',
      additionalProperties: false,
      required: ['title', 'path'],
      properties: {
        title: { type: 'string', minLength: 1, description: 'Heading of the featured panel.' },
        text: { type: 'string', description: 'A line under the heading.' },
        path: { type: 'string', minLength: 1, description: 'Where the featured panel links to.' },
        image: { type: 'string', description: 'Path of the picture, e.g. /images/banner-home.svg.' },
      },
    },
  },
} as const;

export const navigationItemSchema = {
  type: 'object',
  title: 'Navigation entry',
  description: 'A top-level header entry: a plain link, a link with a submenu, or a link with a mega menu.',
  additionalProperties: false,
  required: ['label', 'path'],
  properties: {
    ...linkProperties,
    children: { type: 'array', items: menuLinkSchema, description: 'Submenu links shown under the entry (and in the mobile drawer).' },
    megaMenu: megaMenuSchema,
  },
} as const;

export const contactDetailsSchema = {
  type: 'object',
  title: 'Contact details',
  description: 'The store address, phone, e-mail and opening hours, shown by the address block, the footer and in structured data.',
  additionalProperties: false,
  properties: {
    address: {
      type: 'object',
      title: 'Address',
      description: 'The showroom postal address.',
      additionalProperties: false,
      required: ['street', 'city', 'state', 'zipCode'],
      properties: {
        street: { type: 'string', minLength: 1, description: 'Street and number, e.g. 1200 Harbor Blvd.' },
        street2: { type: 'string', description: 'Suite or unit.' },
        city: { type: 'string', minLength: 1, description: 'City.' },
        state: { type: 'string', minLength: 1, description: 'State code, e.g. CA.' },
        zipCode: { type: 'string', minLength: 1, description: 'ZIP code.' },
        country: { type: 'string', description: 'Two-letter country code. Default US.' },
      },
    },
    mapUrl: { type: 'string', description: 'Link to the address on a map (opens in a new tab).' },
    phone: { type: 'string', minLength: 1, description: 'Phone number as shown; the link dials its digits (tel:).' },
    email: { type: 'string', minLength: 3, pattern: '^[^@\\s]+@[^@\\s]+$', description: 'E-mail address; the link opens a new message (mailto:).' },
    openingHours: {
      type: 'array',
      description: 'Opening hours, one line per group of days.',
      items: {
        type: 'object',
        title: 'Opening hours line',
        description: 'Days and the hours of those days.',
        additionalProperties: false,
        required: ['days', 'hours'],
        properties: {
          days: { type: 'string', minLength: 1, description: 'e.g. Monday - Friday.' },
          hours: { type: 'string', minLength: 1, description: 'e.g. 9:00 AM - 6:00 PM, or Closed.' },
        },
      },
    },
  },
} as const;

export const promotionSchema = {
  type: 'object',
  title: 'Promotion',
  description: 'A store-wide offer named in page metadata and banners, e.g. 0% APR for 12 months.',
  additionalProperties: false,
  required: ['code', 'title'],
  properties: {
    code: { type: 'string', minLength: 1, pattern: '^[a-z0-9-]+$', description: 'Unique code, e.g. free-shipping.' },
    title: { type: 'string', minLength: 1, description: 'The offer in a few words, e.g. "Free shipping on orders of $3500 and over".' },
    description: { type: 'string', description: 'Details or conditions.' },
    path: { type: 'string', description: 'Page that explains the offer, e.g. /kitchen-finance-options.' },
    aprPercent: { type: 'number', minimum: 0, description: 'Financing offers: the APR in percent (0 for 0% APR).' },
    months: { type: 'integer', minimum: 1, description: 'Financing offers: how many months the rate lasts.' },
    minimumOrder: { type: 'number', minimum: 0, description: 'Free-shipping offers: the order subtotal in dollars from which the offer applies.' },
  },
} as const;

/** The discount an editor may give on a quote without a publisher, in percent of its subtotal, when site.json says none. */
export const DEFAULT_DISCOUNT_LIMIT_PERCENT = 25;

export const siteSettingsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('site-settings'),
  type: 'object',
  title: 'Site settings',
  description: 'Name, navigation, contact details, promotions, consent texts and display constants shared by every page.',
  additionalProperties: false,
  required: ['siteName', 'navigation'],
  properties: {
    $schema: { type: 'string', description: 'Path or URL of this schema, so editors can check the file.' },
    siteName: { type: 'string', minLength: 1, description: 'Name of the store, shown in the header and page titles.' },
    logo: { type: 'string', description: 'Path of the logo image, e.g. /images/logo.svg.' },
    footer: {
      type: 'array',
      description: 'The columns of links in the footer, left to right.',
      items: footerGroupSchema,
    },
    navigation: {
      type: 'array',
      description: 'Top-level menu entries of the header, with their submenus and mega menus.',
      items: navigationItemSchema,
    },
    drawerTitle: { type: 'string', description: 'Title of the mobile menu drawer. Default "Our Offerings".' },
    contact: contactDetailsSchema,
    socials: {
      type: 'array',
      description: 'Social profiles shown in the footer and named in structured data.',
      items: {
        type: 'object',
        title: 'Social profile',
        description: 'A link to the store on a social network.',
        additionalProperties: false,
        required: ['type', 'url'],
        properties: {
          type: { type: 'string', minLength: 1, description: 'Network, e.g. facebook, instagram, pinterest, youtube.' },
          url: { type: 'string', minLength: 1, description: 'Full URL of the profile.' },
        },
      },
    },
    promotions: { type: 'array', items: promotionSchema, description: 'Store-wide offers: 0% APR for 12 months, free shipping on orders of $3500 and over.' },
    quotes: {
      type: 'object',
      title: 'Quotes',
      description: "Rules of the studio's quote builder.",
      additionalProperties: false,
      properties: {
        discountLimitPercent: {
          type: 'number',
          minimum: 0,
          maximum: 100,
          description: `A quote's discount above this percentage of its subtotal needs a publisher (an editor's is refused). Default ${DEFAULT_DISCOUNT_LIMIT_PERCENT}.`,
        },
      },
    },
    cookieConsent: {
      type: 'object',
      description: 'The cookie banner shown until the visitor chooses.',
      additionalProperties: false,
      required: ['message'],
      properties: {
        message: { type: 'string', minLength: 1, description: 'Text of the banner.' },
        expiryDays: { type: 'integer', minimum: 1, description: 'How long the choice is remembered. Default 180 days.' },
      },
    },
    constants: {
      type: 'object',
      title: 'Constants',
      description: 'Numbers the storefront and the widgets share.',
      additionalProperties: false,
      properties: {
        LOCAL_CART_EXPIRY: { type: 'number', exclusiveMinimum: 0, description: 'Hours a sample cart stays in the browser. Default 24.' },
        stickyHeaderThreshold: { type: 'integer', minimum: 0, description: 'Pixels scrolled before the desktop header sticks. Default 200.' },
        backToTopOffset: { type: 'integer', minimum: 0, description: 'Pixels scrolled before the back-to-top button shows. Default 200.' },
      },
    },
    breakpoints: {
      type: 'object',
      title: 'Breakpoints',
      description: 'Screen widths in pixels: mobile below tabletMin, tablet from tabletMin to desktopMin - 1, desktop from desktopMin.',
      additionalProperties: false,
      required: ['tabletMin', 'desktopMin'],
      properties: {
        tabletMin: { type: 'integer', minimum: 1, description: 'Narrowest tablet width. Default 768 (mobile is under 768).' },
        desktopMin: { type: 'integer', minimum: 1, description: 'Narrowest desktop width. Default 1201 (tablet is 768 to 1200).' },
      },
    },
    scheduling: {
      type: 'object',
      title: 'Scheduling widget',
      description: 'The third-party appointment widget of the book-appointment page.',
      additionalProperties: false,
      required: ['widgetUrl'],
      properties: {
        widgetUrl: { type: 'string', minLength: 1, description: 'URL of the scheduling page embedded in the widget.' },
        title: { type: 'string', description: 'Heading above the widget. Default "Select a Date & Time".' },
        height: { type: 'integer', minimum: 1, description: 'Widget height in pixels. Default 700.' },
        minWidth: { type: 'integer', minimum: 1, description: 'Minimum widget width in pixels. Default 320.' },
        loadingMs: { type: 'integer', minimum: 0, description: 'How long the loading text shows first, in milliseconds. Default 1200.' },
      },
    },
    reviewBadge: {
      type: 'object',
      title: 'Review badge',
      description: 'The review-badge widget shown on product style pages.',
      additionalProperties: false,
      required: ['scriptSrc'],
      properties: {
        scriptSrc: { type: 'string', minLength: 1, description: 'URL of the badge script.' },
        businessId: { type: 'string', description: 'Id of the business at the review service.' },
      },
    },
    categoryPath: { type: 'string', pattern: '^/', description: 'Path under which category pages sit, followed by /{slug}. Default /products.' },
    blog: {
      type: 'object',
      title: 'Blog settings',
      description: 'Settings of the blog pages.',
      additionalProperties: false,
      properties: {
        recentArticlesCount: { type: 'integer', minimum: 0, description: 'Recent articles shown under a blog post, newest first. Default 3.' },
        popularPostsMax: { type: 'integer', minimum: 0, description: 'Most popular posts listed on author and category pages. Default 4.' },
      },
    },
    notFound: {
      type: 'object',
      title: 'Not-found page',
      description: 'How the not-found page looks.',
      additionalProperties: false,
      properties: {
        variant: { enum: ['v1', 'v2'], description: 'Layout of the not-found page. Default v1.' },
      },
    },
  },
} as const;

export type SiteSettings = FromSchema<typeof siteSettingsSchema>;
export type NavigationItem = FromSchema<typeof navigationItemSchema>;
export type ContactDetails = FromSchema<typeof contactDetailsSchema>;
export type Promotion = FromSchema<typeof promotionSchema>;
