/**
 * The back office's quotes: contracts of the studio's /api/studio/quotes endpoints.
 *
 * An operator builds a quote from catalog lines; the server prices every line from the catalog and
 * computes shipping and tax by the store's rules (the content's shippingMethods and taxRules, as the
 * checkout does): a price, a total or a shipping amount never comes from the browser, and a body
 * that carries one is refused. The customer pays the quote through its payment link (the quote page
 * of the storefront); only the link token's sha256 is stored, so a link is shown once, when issued.
 *
 * The states of a quote (`QUOTE_STATES`), one at a time:
 * - `no_link`: no payment link was ever issued;
 * - `open`: its link is valid (not past its expiry);
 * - `expired`: its link is past its expiry (issue a new one);
 * - `converted`: the customer started paying: an order was made from it (`order` names it), not yet paid in full;
 * - `paid`: the order made from it is paid in full (status ordered or any later one but canceled).
 */
import { endpoint, errorSchema, moneySchema, successWith } from './endpoint';
import { denied, idParam, objectBody, operatorSession, REQUIRED, text } from './studio-common';

const tags = ['back office'] as const;

export const QUOTE_STATES = ['no_link', 'open', 'expired', 'converted', 'paid'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export const QUOTE_NOT_FOUND = 'Quote not found.';
export const QUOTE_LINES_REQUIRED = 'Add at least one catalog line.';
export const QUOTE_DISCOUNT_TOO_HIGH = 'The discount cannot be more than the subtotal.';
export const QUOTE_TOTAL_ZERO = 'The quote total must be above 0.';
export const QUOTE_ALREADY_ORDERED = 'This quote is already an order: its link cannot be issued again.';
export const LINK_DAYS_MESSAGE = 'A link is valid from 1 to 365 days.';
/** Lines a quote holds at most. */
export const MAX_QUOTE_LINES = 100;
/** Units of one line at most. */
export const MAX_LINE_QTY = 999;
/** Catalog lines a search answers at most. */
export const CATALOG_SEARCH_LIMIT = 20;
/** Quotes a list page holds. */
export const QUOTE_PAGE_SIZE = 25;

const count = { type: 'integer' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const option = {
  type: 'object',
  required: ['type', 'value', 'label'],
  additionalProperties: false,
  properties: { type: { type: 'string', description: 'The finish group (painted, stained)' }, value: text, label: text },
} as const;

// ---- Requests -----------------------------------------------------------------------------------

/**
 * An address of the quote. The checkout's field rules check it beyond its types (a ZIP of its state,
 * 10 phone digits), with messages per field such as `billingAddress.zipCode`. Its e-mail is the customer's.
 */
const addressInput = {
  type: 'object',
  'x-message': 'An address is an object.',
  required: ['firstName', 'lastName', 'street1', 'city', 'state', 'zipCode', 'phoneNumber'],
  additionalProperties: false,
  properties: {
    firstName: { type: 'string', maxLength: 50, 'x-message': 'Only alphabets are allowed', 'x-required': REQUIRED },
    lastName: { type: 'string', maxLength: 50, 'x-message': 'Only alphabets are allowed', 'x-required': REQUIRED },
    street1: { type: 'string', maxLength: 200, 'x-message': 'Special characters are not allowed', 'x-required': REQUIRED },
    street2: { type: ['string', 'null'], maxLength: 200, 'x-message': 'Special characters are not allowed' },
    city: { type: 'string', maxLength: 100, 'x-message': 'Special characters are not allowed', 'x-required': REQUIRED },
    state: { type: 'string', maxLength: 50, description: 'A US state code', 'x-message': 'Choose a state.', 'x-required': REQUIRED },
    zipCode: { type: 'string', maxLength: 10, description: "Digits of the state's ZIP prefixes", 'x-message': 'Enter a valid ZIP code.', 'x-required': REQUIRED },
    countryId: { type: 'string', maxLength: 2, description: 'Two letters; default US', 'x-message': 'Two letters, such as US.' },
    phoneNumber: { type: 'string', maxLength: 30, description: '10 digits; + - ( ) . and spaces allowed', 'x-message': 'Enter a 10-digit phone number.', 'x-required': REQUIRED },
  },
} as const;

/** Where the quote is priced for while the builder has no full address yet: only these three matter. */
const pricingAddress = {
  type: ['object', 'null'],
  'x-message': 'An address is an object.',
  description: 'Any part of an address; shipping and tax are computed once state and ZIP are valid',
  properties: {
    state: { type: 'string', maxLength: 50, 'x-message': 'Choose a state.' },
    zipCode: { type: 'string', maxLength: 10, 'x-message': 'Enter a valid ZIP code.' },
    countryId: { type: 'string', maxLength: 2, 'x-message': 'Two letters, such as US.' },
  },
} as const;

const lineInput = {
  type: 'object',
  'x-message': 'Each line is an object.',
  required: ['sku', 'qty'],
  additionalProperties: false,
  description: 'A catalog line: its name, price and weight are the catalog\'s',
  properties: {
    sku: { type: 'string', minLength: 1, maxLength: 100, 'x-message': 'Choose a catalog line.', 'x-required': 'Choose a catalog line.' },
    qty: { type: 'integer', minimum: 1, maximum: MAX_LINE_QTY, 'x-message': `A quantity is a whole number from 1 to ${MAX_LINE_QTY}.`, 'x-required': REQUIRED },
    finish: {
      type: 'object',
      'x-message': "Choose one of the style's finishes.",
      required: ['type', 'value'],
      additionalProperties: false,
      description: "One of the style's finishes (GET /api/studio/catalog lists them); absent for a line that has its own",
      properties: { type: { type: 'string', maxLength: 100, 'x-message': "Choose one of the style's finishes." }, value: { type: 'string', maxLength: 100, 'x-message': "Choose one of the style's finishes." } },
    },
    notes: { type: 'string', maxLength: 500, 'x-message': 'Notes are up to 500 characters.' },
  },
} as const;

const lines = {
  type: 'array',
  minItems: 1,
  maxItems: MAX_QUOTE_LINES,
  items: lineInput,
  'x-message': QUOTE_LINES_REQUIRED,
  'x-required': QUOTE_LINES_REQUIRED,
} as const;

const discountInput = {
  type: ['object', 'null'],
  'x-message': 'A discount is {type, value}.',
  required: ['type', 'value'],
  additionalProperties: false,
  description: 'Taken off the subtotal before tax (spread over the lines by their share); never more than the subtotal',
  properties: {
    type: { enum: ['amount', 'percent'], 'x-message': 'A discount is an amount or a percent.', 'x-required': REQUIRED },
    value: { type: 'number', minimum: 0, maximum: 10_000_000, description: 'Dollars for an amount, 0 to 100 for a percent', 'x-message': 'Enter a discount of 0 or more.', 'x-required': REQUIRED },
  },
} as const;

const customerInput = {
  type: 'object',
  'x-message': 'The customer is {email, firstName, lastName, phone}.',
  'x-required': REQUIRED,
  required: ['email', 'firstName', 'lastName'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', minLength: 3, maxLength: 254, 'x-message': 'Enter a valid e-mail address.', 'x-required': REQUIRED },
    firstName: { type: 'string', minLength: 1, maxLength: 50, 'x-message': 'Only alphabets are allowed', 'x-required': REQUIRED },
    lastName: { type: 'string', minLength: 1, maxLength: 50, 'x-message': 'Only alphabets are allowed', 'x-required': REQUIRED },
    phone: { type: 'string', maxLength: 30, 'x-message': 'Enter a 10-digit phone number.' },
  },
} as const;

const linkDays = { type: 'integer', minimum: 1, maximum: 365, description: 'How long the payment link is valid; default 7', 'x-message': LINK_DAYS_MESSAGE } as const;

const quoteInputProperties = {
  customer: customerInput,
  billingAddress: addressInput,
  shippingAddress: { ...addressInput, type: ['object', 'null'], description: 'Absent or null: the same as the billing address' },
  lines,
  discount: discountInput,
  poNumber: { type: 'string', maxLength: 100, 'x-message': 'A PO number is up to 100 characters.' },
  notes: { type: 'string', maxLength: 4000, description: 'Shown to the customer with the quote', 'x-message': 'Notes are up to 4000 characters.' },
  splitPaymentEnabled: { type: 'boolean', description: 'The customer may pay in parts', 'x-message': 'splitPaymentEnabled is true or false.' },
  minimumSplit: { ...moneySchema, minimum: 0, maximum: 10_000_000, description: 'The smallest part of a split payment, dollars', 'x-message': 'Enter an amount of 0 or more.' },
} as const;

// ---- Answers ------------------------------------------------------------------------------------

export const catalogLineSchema = {
  type: 'object',
  required: ['sku', 'name', 'styleName', 'styleTitle', 'price', 'weight', 'isSample', 'finish', 'finishes'],
  additionalProperties: false,
  properties: {
    sku: text,
    name: text,
    styleName: text,
    styleTitle: text,
    price: moneySchema,
    weight: { type: 'number', description: 'Pounds, for shipping' },
    isSample: { type: 'boolean', description: 'A door sample (what the storefront sells); false: a cabinet or another real product' },
    finish: { anyOf: [option, { type: 'null' }], description: 'The finish the line is made in, when it has one of its own (a sample)' },
    finishes: { type: 'array', items: option, description: "The style's finishes to choose from for a line without its own" },
  },
} as const;

const pricedLine = {
  type: 'object',
  required: ['sku', 'name', 'styleTitle', 'qty', 'price', 'rowTotal', 'discount', 'tax', 'options', 'notes'],
  additionalProperties: false,
  properties: {
    sku: text,
    name: text,
    styleTitle: text,
    qty: { type: 'integer', minimum: 1 },
    price: moneySchema,
    rowTotal: { ...moneySchema, description: 'price × qty' },
    discount: { ...moneySchema, description: "This line's share of the discount" },
    tax: moneySchema,
    options: { type: 'array', items: option },
    notes: text,
  },
} as const;

const shippingSchema = {
  type: 'object',
  required: ['method', 'label', 'amount', 'message'],
  additionalProperties: false,
  properties: {
    method: { type: ['string', 'null'], description: 'The shipping method type; null when none applies' },
    label: { type: ['string', 'null'] },
    amount: moneySchema,
    message: { type: ['string', 'null'], description: 'Why no method applies (no address yet, or none ships there)' },
  },
} as const;

/** The money of a quote as the server computed it. */
export const quotePriceSchema = {
  type: 'object',
  required: ['lines', 'subtotal', 'discount', 'shipping', 'tax', 'taxPercent', 'total', 'weight'],
  additionalProperties: false,
  properties: {
    lines: { type: 'array', items: pricedLine },
    subtotal: moneySchema,
    discount: moneySchema,
    shipping: shippingSchema,
    tax: moneySchema,
    taxPercent: { type: 'number' },
    total: moneySchema,
    weight: { type: 'number' },
  },
} as const;

const orderRef = {
  anyOf: [
    {
      type: 'object',
      required: ['id', 'number', 'status', 'paid'],
      additionalProperties: false,
      properties: { id: count, number: text, status: { type: 'string', description: 'The order status (pending, ordered, shipped …)' }, paid: { type: 'boolean', description: 'Paid in full' } },
    },
    { type: 'null' },
  ],
  description: 'The order made from the quote, once the customer started paying',
} as const;

const linkSchema = {
  type: 'object',
  required: ['expiresAt'],
  additionalProperties: false,
  properties: { expiresAt: { ...dateTime, type: ['string', 'null'], description: 'The current link\'s expiry; null when none was issued' } },
} as const;

export const quoteSummarySchema = {
  type: 'object',
  required: ['id', 'number', 'createdAt', 'state', 'email', 'name', 'total', 'link', 'order'],
  additionalProperties: false,
  properties: {
    id: count,
    number: { type: 'string', description: 'Q100001' },
    createdAt: dateTime,
    state: { enum: QUOTE_STATES },
    email: text,
    name: text,
    total: moneySchema,
    link: linkSchema,
    order: orderRef,
  },
} as const;

const addressView = {
  type: 'object',
  required: ['firstName', 'lastName', 'street1', 'street2', 'city', 'state', 'zipCode', 'countryId', 'phoneNumber', 'email'],
  additionalProperties: false,
  properties: { firstName: text, lastName: text, street1: text, street2: { type: ['string', 'null'] }, city: text, state: text, zipCode: text, countryId: text, phoneNumber: text, email: text },
} as const;

export const quoteDetailSchema = {
  type: 'object',
  required: ['id', 'number', 'createdAt', 'state', 'customer', 'billingAddress', 'shippingAddress', 'lines', 'subtotal', 'discount', 'shipping', 'tax', 'total', 'poNumber', 'notes', 'splitPaymentEnabled', 'minimumSplit', 'link', 'order'],
  additionalProperties: false,
  properties: {
    id: count,
    number: text,
    createdAt: dateTime,
    state: { enum: QUOTE_STATES },
    customer: {
      type: 'object',
      required: ['email', 'firstName', 'lastName', 'phone', 'accountId'],
      additionalProperties: false,
      properties: { email: text, firstName: text, lastName: text, phone: text, accountId: { type: ['integer', 'null'], description: "The customer account of the e-mail when the quote was made: the order shows in the customer's account" } },
    },
    billingAddress: { anyOf: [addressView, { type: 'null' }] },
    shippingAddress: { anyOf: [addressView, { type: 'null' }] },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['sku', 'name', 'qty', 'price', 'rowTotal', 'options', 'notes'],
        additionalProperties: false,
        properties: { sku: text, name: text, qty: count, price: moneySchema, rowTotal: moneySchema, options: { type: 'array', items: option }, notes: text },
      },
      description: 'As stored when the quote was made',
    },
    subtotal: moneySchema,
    discount: moneySchema,
    shipping: { type: 'object', required: ['method', 'label', 'amount'], additionalProperties: false, properties: { method: text, label: text, amount: moneySchema } },
    tax: moneySchema,
    total: moneySchema,
    poNumber: text,
    notes: text,
    splitPaymentEnabled: { type: 'boolean' },
    minimumSplit: moneySchema,
    link: linkSchema,
    order: orderRef,
  },
} as const;

const issuedLink = {
  type: 'object',
  required: ['url', 'expiresAt'],
  additionalProperties: false,
  properties: { url: { type: 'string', description: 'The payment link, shown this once (only its hash is stored); the previous link stops working' }, expiresAt: dateTime },
} as const;

const quoteRefusals = {
  400: { ...errorSchema, description: 'validation_failed: fields name the wrong part (lines.0.sku for a SKU not in the catalog, discount.value for a discount above the subtotal, total for a total of 0, billingAddress.zipCode …)' },
  ...denied,
} as const;

// ---- Endpoints ----------------------------------------------------------------------------------

export const catalogSearchEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/catalog',
  summary: `Catalog lines by SKU or name (at most ${CATALOG_SEARCH_LIMIT}), with their price, weight and the finishes to choose from`,
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: {
    query: {
      type: 'object',
      properties: {
        search: { type: 'string', maxLength: 100, description: 'Part of a SKU, a name or a style; empty: the first lines', 'x-message': 'Search with up to 100 characters.' },
        samples: { enum: ['include', 'exclude'], description: 'exclude: only real products (cabinets), no door samples; default include', 'x-message': 'samples is include or exclude.' },
      },
    },
  },
  responses: { 200: successWith({ type: 'array', maxItems: CATALOG_SEARCH_LIMIT, items: catalogLineSchema }), 400: errorSchema, ...denied },
});

export const quotePriceEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/quotes/price',
  summary: "The quote's money as it would be stored (lines, subtotal, discount, shipping, tax, total) for the builder to show while the operator types; takes the create body as it stands (only lines, discount and the shipping address, else billing, count); stores nothing",
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: {
    // The builder may send its whole form as it stands: what the money does not depend on is not checked here.
    body: objectBody({ ...quoteInputProperties, linkDays, customer: { type: 'object', description: 'Not read: the price does not depend on it' }, shippingAddress: pricingAddress, billingAddress: pricingAddress }, ['lines']),
  },
  responses: { 200: successWith(quotePriceSchema), ...quoteRefusals },
});

export const quoteCreateEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/quotes',
  summary: "Create a quote from catalog lines for a customer, priced by the server, and issue its first payment link (shown this once). A customer account with the e-mail owns the quote: the order paid from it shows in that account",
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: {
    body: objectBody({ ...quoteInputProperties, linkDays }, ['customer', 'billingAddress', 'lines']),
  },
  responses: {
    201: successWith({ type: 'object', required: ['quote', 'link'], additionalProperties: false, properties: { quote: quoteDetailSchema, link: issuedLink } }),
    ...quoteRefusals,
  },
});

export const quoteListEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/quotes',
  summary: `Quotes, newest first, ${QUOTE_PAGE_SIZE} a page: by state, and by number, e-mail or name`,
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: {
    query: {
      type: 'object',
      properties: {
        state: { enum: QUOTE_STATES, 'x-message': `state is one of: ${QUOTE_STATES.join(', ')}.` },
        search: { type: 'string', maxLength: 100, description: 'Part of the quote number, the e-mail or the name', 'x-message': 'Search with up to 100 characters.' },
        after: { type: 'string', pattern: '^[1-9][0-9]{0,14}$', description: 'The `next` of the previous page', 'x-message': 'after is a quote id.' },
      },
    },
  },
  responses: {
    200: successWith({
      type: 'object',
      required: ['quotes', 'next'],
      additionalProperties: false,
      properties: { quotes: { type: 'array', items: quoteSummarySchema }, next: { type: ['string', 'null'], description: 'Send it as `after` for the next page; null on the last page' } },
    }),
    400: errorSchema,
    ...denied,
  },
});

export const quoteDetailEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/quotes/:id',
  summary: 'One quote as stored: customer, addresses, lines, totals, state, link expiry, and its order if one was made (the link itself is not kept: issue a new one to copy it)',
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: { params: idParam(QUOTE_NOT_FOUND) },
  responses: { 200: successWith(quoteDetailSchema), 400: errorSchema, 404: errorSchema, ...denied },
});

export const quoteLinkEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/quotes/:id/link',
  summary: 'Issue a fresh payment link (the previous one stops working); answers the link, shown this once, and its expiry',
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: { params: idParam(QUOTE_NOT_FOUND), body: objectBody({ days: linkDays }) },
  responses: {
    200: successWith(issuedLink),
    400: errorSchema,
    404: errorSchema,
    409: { ...errorSchema, description: `quote_ordered: '${QUOTE_ALREADY_ORDERED}'` },
    ...denied,
  },
});

export const quoteEmailEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/quotes/:id/email',
  summary: "Issue a fresh payment link and e-mail it to the customer (the previous link stops working); answers to whom and the link's expiry",
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: { params: idParam(QUOTE_NOT_FOUND), body: objectBody({ days: linkDays }) },
  responses: {
    200: successWith({ type: 'object', required: ['sentTo', 'expiresAt'], additionalProperties: false, properties: { sentTo: text, expiresAt: dateTime } }),
    400: errorSchema,
    404: errorSchema,
    409: { ...errorSchema, description: `quote_ordered: '${QUOTE_ALREADY_ORDERED}'` },
    429: { ...errorSchema, description: 'The recipient has had as many e-mails as the day allows (the mail cap)' },
    ...denied,
  },
});

export const backOfficeQuoteEndpoints = [catalogSearchEndpoint, quotePriceEndpoint, quoteCreateEndpoint, quoteListEndpoint, quoteDetailEndpoint, quoteLinkEndpoint, quoteEmailEndpoint] as const;

