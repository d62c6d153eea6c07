import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from './schema-id';

const linkProperties = {
  label: { title: 'Menu text', type: 'string', minLength: 1, description: 'Menu text.' },
  path: { title: 'Link', type: 'string', minLength: 1, description: 'Where the entry links to: a site path such as /contact, or a full URL.' },
} as const;

export const menuLinkSchema = {
  type: 'object',
  title: 'Menu link',
  description: 'One link of a submenu or of a mega-menu column.',
  additionalProperties: false,
  required: ['label', 'path'],
  properties: {
    ...linkProperties,
    description: { title: 'Description', type: 'string', description: 'A short line under the link (mega menus show it).' },
    image: { title: 'Image', type: 'string', description: 'Path of a small picture shown beside the link in a mega menu, e.g. /images/styles/shaker.svg.' },
  },
} as const;

export const footerGroupSchema = {
  type: 'object',
  title: 'Footer link group',
  description: 'A titled column of links in the footer.',
  additionalProperties: false,
  required: ['title', 'links'],
  properties: {
    title: { title: 'Title', type: 'string', minLength: 1, description: 'Heading of the column, e.g. Help.' },
    links: { title: 'Links',
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
    columns: { title: 'Columns',
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
          title: { title: 'Title', type: 'string', minLength: 1, description: 'Column heading.' },
          path: { title: 'Path', type: 'string', description: "Optional: where the column's heading links to." },
          links: { title: 'Links', type: 'array', items: menuLinkSchema, description: 'Links of the column.' },
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
        title: { title: 'Title', type: 'string', minLength: 1, description: 'Heading of the featured panel.' },
        text: { title: 'Text', type: 'string', description: 'A line under the heading.' },
        path: { title: 'Path', type: 'string', minLength: 1, description: 'Where the featured panel links to.' },
        image: { title: 'Image', type: 'string', description: 'Path of the picture, e.g. /images/banner-home.svg.' },
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
    children: { title: 'Children', type: 'array', items: menuLinkSchema, description: 'Submenu links shown under the entry (and in the mobile drawer).' },
    megaMenu: megaMenuSchema,
  },
} as const;

export const contactDetailsSchema = {
  type: 'object',
  title: 'Contact details',
  description: 'The store address, phone, e-mail and opening hours, shown by the address block and the footer, and given to search engines.',
  additionalProperties: false,
  properties: {
    address: {
      type: 'object',
      title: 'Address',
      description: 'The showroom postal address.',
      additionalProperties: false,
      required: ['street', 'city', 'state', 'zipCode'],
      properties: {
        street: { title: 'Street', type: 'string', minLength: 1, description: 'Street and number, e.g. 1200 Harbor Blvd.' },
        street2: { title: 'Street, second line', type: 'string', description: 'Suite or unit.' },
        city: { title: 'City', type: 'string', minLength: 1, description: 'City.' },
        state: { title: 'State', type: 'string', minLength: 1, description: 'State code, e.g. CA.' },
        zipCode: { title: 'ZIP code', type: 'string', minLength: 1, description: 'ZIP code.' },
        country: { title: 'Country', type: 'string', description: 'Two-letter country code. Default US.' },
      },
    },
    mapUrl: { title: 'Map link', type: 'string', description: 'Link to the address on a map (opens in a new tab).' },
    phone: { title: 'Phone', type: 'string', minLength: 1, description: 'Phone number as shown; the link dials its digits (tel:).' },
    email: { title: 'E-mail', type: 'string', minLength: 3, pattern: '^[^@\\s]+@[^@\\s]+$', description: 'E-mail address; the link opens a new message (mailto:).' },
    openingHours: { title: 'Opening hours',
      type: 'array',
      description: 'Opening hours, one line per group of days.',
      items: {
        type: 'object',
        title: 'Opening hours line',
        description: 'Days and the hours of those days.',
        additionalProperties: false,
        required: ['days', 'hours'],
        properties: {
          days: { title: 'Days', type: 'string', minLength: 1, description: 'e.g. Monday - Friday.' },
          hours: { title: 'Hours', type: 'string', minLength: 1, description: 'e.g. 9:00 AM - 6:00 PM, or Closed.' },
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
    code: { title: 'Code', type: 'string', minLength: 1, pattern: '^[a-z0-9-]+$', description: 'Unique code, e.g. free-shipping.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'The offer in a few words, e.g. "Free shipping on orders of $3500 and over".' },
    description: { title: 'Description', type: 'string', description: 'Details or conditions.' },
    path: { title: 'Path', type: 'string', description: 'Page that explains the offer, e.g. /kitchen-finance-options.' },
    aprPercent: { title: 'APR (%)', type: 'number', minimum: 0, description: 'Financing offers: the APR in percent (0 for 0% APR).' },
    months: { title: 'Months', type: 'integer', minimum: 1, description: 'Financing offers: how many months the rate lasts.' },
    minimumOrder: { title: 'Minimum order', type: 'number', minimum: 0, description: 'Free-shipping offers: the order subtotal in dollars from which the offer applies.' },
  },
} as const;

/** A colour as six hex digits: what both a stylesheet and every e-mail client read the same way. */
const hexColor = (title: string, description: string) => ({ title, type: 'string', pattern: '^#[0-9a-fA-F]{6}$', description }) as const;

export const siteColorsSchema = {
  type: 'object',
  title: 'Colours',
  description: "The store's colours, used by its pages and its e-mails. Each is a hex colour such as #7a4e2d; one left out keeps its default.",
  additionalProperties: false,
  properties: {
    accent: hexColor('Accent', 'Buttons, links and the store name at the top of e-mails. Default #7a4e2d.'),
    accentText: hexColor('Text on the accent', 'Text on the accent colour, such as a button label. Default #ffffff.'),
    text: hexColor('Text', 'Body text. Default #1f2421.'),
    muted: hexColor('Quiet text', 'Secondary text: notes, captions, footers. Default #5b625e.'),
    background: hexColor('Background', 'The page behind the content. Default #fbfaf7.'),
    line: hexColor('Lines', 'Borders and dividers. Default #e4e0d8.'),
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
    $schema: { title: 'Schema file', type: 'string', description: 'Path or URL of this schema, so editors can check the file.' },
    siteName: { title: 'Site name', type: 'string', minLength: 1, description: 'Name of the store, shown in the header and page titles.' },
    logo: { title: 'Logo', type: 'string', description: 'Path of the logo image, e.g. /images/logo.svg.' },
    colors: siteColorsSchema,
    footer: { title: 'Footer',
      type: 'array',
      description: 'The columns of links in the footer, left to right.',
      items: footerGroupSchema,
    },
    navigation: { title: 'Navigation',
      type: 'array',
      description: 'Top-level menu entries of the header, with their submenus and mega menus.',
      items: navigationItemSchema,
    },
    drawerTitle: { title: 'Drawer title', type: 'string', description: 'Title of the mobile menu drawer. Default "Our Offerings".' },
    contact: contactDetailsSchema,
    socials: { title: 'Socials',
      type: 'array',
      description: 'Social profiles shown in the footer and given to search engines.',
      items: {
        type: 'object',
        title: 'Social profile',
        description: 'A link to the store on a social network.',
        additionalProperties: false,
        required: ['type', 'url'],
        properties: {
          type: { title: 'Type', type: 'string', minLength: 1, description: 'Network, e.g. facebook, instagram, pinterest, youtube.' },
          url: { title: 'Link', type: 'string', minLength: 1, description: 'Full URL of the profile.' },
        },
      },
    },
    promotions: { title: 'Promotions', type: 'array', items: promotionSchema, description: 'Store-wide offers: 0% APR for 12 months, free shipping on orders of $3500 and over.' },
    quotes: {
      type: 'object',
      title: 'Quotes',
      description: "Rules of the studio's quote builder.",
      additionalProperties: false,
      properties: {
        discountLimitPercent: {
          title: 'Discount an editor may give (%)',
          type: 'number',
          minimum: 0,
          maximum: 100,
          description: `A quote's discount above this percentage of its subtotal needs a publisher (an editor's is refused). Default ${DEFAULT_DISCOUNT_LIMIT_PERCENT}.`,
        },
      },
    },
    cookieConsent: { title: 'Cookie consent',
      type: 'object',
      description: 'The privacy banner shown until the visitor chooses.',
      additionalProperties: false,
      required: ['message'],
      properties: {
        message: { title: 'Message', type: 'string', minLength: 1, description: 'Text of the banner.' },
        expiryDays: { title: 'Kept for (days)', type: 'integer', minimum: 1, description: 'How long the choice is remembered. Default 180 days.' },
      },
    },
    constants: {
      type: 'object',
      title: 'Constants',
      description: 'Numbers the storefront and the widgets share.',
      additionalProperties: false,
      properties: {
        LOCAL_CART_EXPIRY: { title: 'Sample cart kept (days)', type: 'number', exclusiveMinimum: 0, description: 'Hours a sample cart stays in the browser. Default 24.' },
        stickyHeaderThreshold: { title: 'Sticky header after (px)', type: 'integer', minimum: 0, description: 'Pixels scrolled before the desktop header sticks. Default 200.' },
        backToTopOffset: { title: 'Back-to-top after (px)', type: 'integer', minimum: 0, description: 'Pixels scrolled before the back-to-top button shows. Default 200.' },
      },
    },
    breakpoints: {
      type: 'object',
      title: 'Breakpoints',
      description: 'Screen widths in pixels: mobile below tabletMin, tablet from tabletMin to desktopMin - 1, desktop from desktopMin.',
      additionalProperties: false,
      required: ['tabletMin', 'desktopMin'],
      properties: {
        tabletMin: { title: 'Tablet from (px)', type: 'integer', minimum: 1, description: 'Narrowest tablet width. Default 768 (mobile is under 768).' },
        desktopMin: { title: 'Desktop from (px)', type: 'integer', minimum: 1, description: 'Narrowest desktop width. Default 1201 (tablet is 768 to 1200).' },
      },
    },
    scheduling: {
      type: 'object',
      title: 'Scheduling widget',
      description: 'The third-party appointment widget of the book-appointment page.',
      additionalProperties: false,
      required: ['widgetUrl'],
      properties: {
        widgetUrl: { title: 'Widget link', type: 'string', minLength: 1, description: 'URL of the scheduling page embedded in the widget.' },
        title: { title: 'Title', type: 'string', description: 'Heading above the widget. Default "Select a Date & Time".' },
        height: { title: 'Height', type: 'integer', minimum: 1, description: 'Widget height in pixels. Default 700.' },
        minWidth: { title: 'Smallest width (px)', type: 'integer', minimum: 1, description: 'Minimum widget width in pixels. Default 320.' },
        loadingMs: { title: 'Loading time (ms)', type: 'integer', minimum: 0, description: 'How long the loading text shows first, in milliseconds. Default 1200.' },
      },
    },
    reviewBadge: {
      type: 'object',
      title: 'Review badge',
      description: 'The review-badge widget shown on product style pages.',
      additionalProperties: false,
      required: ['scriptSrc'],
      properties: {
        scriptSrc: { title: 'Script address', type: 'string', minLength: 1, description: 'URL of the badge script.' },
        businessId: { title: 'Business ID', type: 'string', description: 'Id of the business at the review service.' },
      },
    },
    categoryPath: { title: 'Category page', type: 'string', pattern: '^/', description: 'Path under which category pages sit, followed by /{slug}. Default /products.' },
    blog: {
      type: 'object',
      title: 'Blog settings',
      description: 'Settings of the blog pages.',
      additionalProperties: false,
      properties: {
        recentArticlesCount: { title: 'Recent articles count', type: 'integer', minimum: 0, description: 'Recent articles shown under a blog post, newest first. Default 3.' },
        popularPostsMax: { title: 'Popular posts max', type: 'integer', minimum: 0, description: 'Most popular posts listed on author and category pages. Default 4.' },
      },
    },
    notFound: {
      type: 'object',
      title: 'Not-found page',
      description: 'How the not-found page looks.',
      additionalProperties: false,
      properties: {
        variant: { title: 'Variant', enum: ['v1', 'v2'], description: 'Layout of the not-found page. Default v1.' },
      },
    },
  },
} as const;

export type SiteSettings = FromSchema<typeof siteSettingsSchema>;
export type NavigationItem = FromSchema<typeof navigationItemSchema>;
export type ContactDetails = FromSchema<typeof contactDetailsSchema>;
export type SiteColors = FromSchema<typeof siteColorsSchema>;
export type Promotion = FromSchema<typeof promotionSchema>;
