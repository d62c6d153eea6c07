/**
 * The back office's quotes: contracts of the studio's /api/studio/quotes endpoints.
 *
 * An operator builds a quote from catalog lines (cabinets with a finish and modifications,
 * countertops by the square foot with an edge and cut-outs, services, door samples); the server
 * prices every line from the catalog (schemas/evaluators/kitchen-lines.ts) and computes shipping and
 * tax by the store's rules (the content's shippingMethods and taxRules, as the checkout does): a
 * catalog line's price, a total or a shipping amount never comes from the browser, and a body that
 * carries one is refused. The one price a request may carry is a free line's (a description and a
 * price, for what the catalog lacks), which only a publisher or an admin may add; a discount above
 * the store's limit (site.json quotes.discountLimitPercent) needs a publisher too. Both are audited.
 * A quote may be saved as a draft (no link, nothing checked but its lines) and sent later. The
 * customer pays the quote through its payment link (the quote page of the storefront); only the link
 * token's sha256 is stored, so a link is shown once, when issued.
 *
 * The states of a quote (`QUOTE_STATES`), one at a time:
 * - `draft`: saved in the builder, not sent: no link can be issued until it is;
 * - `no_link`: sent, but no payment link was ever issued;
 * - `open`: its link is valid (not past its expiry);
 * - `expired`: its link is past its expiry (issue a new one);
 * - `converted`: the customer started paying: an order was made from it (`order` names it), not yet paid in full;
 * - `paid`: the order made from it is paid in full (status ordered or any later one but canceled).
 */
import { endpoint, errorSchema, moneySchema, successWith } from './endpoint';
import { lineDetailSchema } from './line-detail';
import { denied, idParam, objectBody, operatorSession, REQUIRED, text } from './studio-common';

const tags = ['back office'] as const;

export const QUOTE_STATES = ['draft', 'no_link', 'open', 'expired', 'converted', 'paid'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export const QUOTE_NOT_FOUND = 'Quote not found.';
export const QUOTE_LINES_REQUIRED = 'Add at least one catalog line.';
export const QUOTE_DISCOUNT_TOO_HIGH = 'The discount cannot be more than the subtotal.';
export const QUOTE_TOTAL_ZERO = 'The quote total must be above 0.';
export const QUOTE_ALREADY_ORDERED = 'This quote is already an order: its link cannot be issued again.';
export const QUOTE_IS_DRAFT = 'This quote is a draft: send it from the builder first.';
export const QUOTE_NOT_DRAFT = 'This quote was sent: only a draft can be changed. Make a new quote from it instead.';
export const QUOTE_DRAFT_STALE = 'Someone saved this draft after you opened it: open it again to see their changes, then make yours.';
export const FREE_LINE_PUBLISHER = 'Only a publisher or an admin may add or change a free line.';
export const LINE_CHOICE_REQUIRED = 'Choose a catalog line, or describe a free line.';
export const CSV_EMPTY = 'The file has no lines: each line is a code, a quantity and a finish.';

/** The refusal of an editor's discount above the store's limit. */
export function discountNeedsPublisher(limitPercent: number): string {
  return `A discount above ${limitPercent} % of the subtotal needs a publisher.`;
}
export const LINK_DAYS_MESSAGE = 'A link is valid from 1 to 365 days.';
/** Lines a quote holds at most. */
export const MAX_QUOTE_LINES = 100;
/** Units of one line at most. */
export const MAX_LINE_QTY = 999;
/** Catalog lines a search answers at most. */
export const CATALOG_SEARCH_LIMIT = 20;
/** Rows of an imported cabinet list at most. */
export const MAX_CSV_ROWS = MAX_QUOTE_LINES;
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

const finishInput = {
  type: 'object',
  'x-message': "Choose one of the style's finishes.",
  required: ['type', 'value'],
  additionalProperties: false,
  description: "One of the style's finishes (GET /api/studio/catalog lists them); absent for a line that has none or its own",
  properties: { type: { type: 'string', maxLength: 100, 'x-message': "Choose one of the style's finishes." }, value: { type: 'string', maxLength: 100, 'x-message': "Choose one of the style's finishes." } },
} as const;

const lineInput = {
  type: 'object',
  'x-message': 'Each line is an object.',
  additionalProperties: false,
  description: "A catalog line (its SKU and what the kind reads: a cabinet's qty, finish and modifications; a countertop's sqft, or length and depth in inches, edge and cut-outs; a service's qty or feet), or a free line (a description and a price, no SKU)",
  properties: {
    sku: { type: 'string', minLength: 1, maxLength: 100, 'x-message': 'Choose a catalog line.' },
    qty: { type: 'integer', minimum: 1, maximum: MAX_LINE_QTY, description: 'Default 1', 'x-message': `A quantity is a whole number from 1 to ${MAX_LINE_QTY}.` },
    finish: finishInput,
    modifications: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 }, description: "Codes of the cabinet's modifications, e.g. GD", 'x-message': 'Modifications are a list of codes, such as GD.' },
    sqft: { type: 'number', description: "A countertop's square feet", 'x-message': 'Enter the square feet as a number.' },
    length: { type: 'number', description: "A countertop's length in inches (with depth, in place of sqft)", 'x-message': 'Enter the length in inches.' },
    depth: { type: 'number', description: "A countertop's depth in inches", 'x-message': 'Enter the depth in inches.' },
    edge: { type: 'string', maxLength: 20, description: "A countertop's edge profile code; default the material's first", 'x-message': 'Choose an edge.' },
    cutouts: { type: 'object', maxProperties: 5, additionalProperties: { type: 'integer' }, description: 'Cut-outs by code and count, e.g. {"SINK": 1}', 'x-message': 'Cut-outs are counts by code, such as {"SINK": 1}.' },
    feet: { type: 'number', description: "A service priced per linear foot: the feet", 'x-message': 'Enter the linear feet as a number.' },
    description: { type: 'string', maxLength: 200, description: 'A free line: what it is (publishers and admins)', 'x-message': 'A description is up to 200 characters.' },
    price: { type: 'number', minimum: 0, maximum: 1_000_000, description: "A free line's unit price in dollars; refused on a catalog line", 'x-message': 'Enter a price from 0 to 1,000,000.' },
    group: { type: 'string', maxLength: 80, description: 'The room or wall the line belongs to, e.g. Kitchen — sink wall', 'x-message': 'A room or wall is up to 80 characters.' },
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
  internalNotes: { type: 'string', maxLength: 4000, description: "The store's notes on the quote: shown in the back office only, never to the customer", 'x-message': 'Notes are up to 4000 characters.' },
  splitPaymentEnabled: { type: 'boolean', description: 'The customer may pay in parts', 'x-message': 'splitPaymentEnabled is true or false.' },
  minimumSplit: { ...moneySchema, minimum: 0, maximum: 10_000_000, description: 'The smallest part of a split payment, dollars', 'x-message': 'Enter an amount of 0 or more.' },
  draft: { type: 'boolean', description: 'true: save without sending (no link; the customer and addresses may be incomplete); false or absent: send it', 'x-message': 'draft is true or false.' },
} as const;

// ---- Answers ------------------------------------------------------------------------------------

const codeLabel = { type: 'object', required: ['code', 'label'], additionalProperties: false, properties: { code: text, label: text } } as const;

export const catalogLineSchema = {
  type: 'object',
  required: ['sku', 'name', 'kind', 'code', 'styleName', 'styleTitle', 'price', 'priceUnit', 'weight', 'isSample', 'finish', 'finishes', 'modifications', 'edges', 'cutouts', 'unit'],
  additionalProperties: false,
  properties: {
    sku: text,
    name: text,
    kind: { enum: ['sample', 'cabinet', 'countertop', 'service'] },
    code: { type: 'string', description: "A cabinet's code (B24); else the SKU" },
    cabinetKind: { type: 'string', description: 'base, wall, tall, sink-base, drawer-base, corner, filler, panel or moulding' },
    styleName: text,
    styleTitle: text,
    price: { ...moneySchema, description: "A sample's or a service's price, a cabinet's list price (before its price group and finish), a countertop's per square foot" },
    priceUnit: { enum: ['each', 'list', 'sqft', 'ft', 'fixed'], description: 'What the price is per' },
    weight: { type: 'number', description: 'Pounds, for shipping' },
    isSample: { type: 'boolean', description: 'A door sample (what the storefront sells)' },
    finish: { anyOf: [option, { type: 'null' }], description: 'The finish the line is made in, when it has one of its own (a sample)' },
    finishes: { type: 'array', items: option, description: "A cabinet's (or a style's) finishes to choose from" },
    modifications: { type: 'array', items: codeLabel, description: "A cabinet's modifications" },
    edges: { type: 'array', items: codeLabel, description: "A countertop's edge profiles, the default first" },
    cutouts: { type: 'array', items: codeLabel, description: "A countertop's cut-outs" },
    unit: { enum: ['each', 'linear-foot', 'fixed', null], description: "A service's unit" },
  },
} as const;

const lineProperties = {
  sku: { type: 'string', description: `The SKU; ${'"CUSTOM"'} for a free line` },
  name: text,
  qty: { type: 'integer', minimum: 1 },
  price: { ...moneySchema, description: 'The unit price (a countertop or a service by the foot: the whole line)' },
  rowTotal: { ...moneySchema, description: 'price × qty' },
  options: { type: 'array', items: option, description: "A door sample's finish" },
  detail: lineDetailSchema,
  notes: text,
} as const;

const pricedLine = {
  type: 'object',
  required: ['sku', 'name', 'styleTitle', 'qty', 'price', 'rowTotal', 'discount', 'tax', 'options', 'notes'],
  additionalProperties: false,
  properties: {
    ...lineProperties,
    styleTitle: text,
    discount: { ...moneySchema, description: "This line's share of the discount" },
    tax: moneySchema,
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
  required: ['lines', 'subtotal', 'discount', 'shipping', 'tax', 'shippingTax', 'taxPercent', 'total', 'weight', 'approval'],
  additionalProperties: false,
  properties: {
    lines: { type: 'array', items: pricedLine },
    subtotal: moneySchema,
    discount: moneySchema,
    shipping: shippingSchema,
    tax: { ...moneySchema, description: 'All the tax, shipping\'s included' },
    shippingTax: { ...moneySchema, description: 'The part of the tax on shipping' },
    taxPercent: { type: 'number' },
    total: moneySchema,
    weight: { type: 'number' },
    approval: {
      type: 'object',
      required: ['discountPercent', 'limitPercent', 'needsPublisher'],
      additionalProperties: false,
      description: "Whether the discount is above the store's limit: then only a publisher may send the quote",
      properties: { discountPercent: { type: 'number' }, limitPercent: { type: 'number' }, needsPublisher: { type: 'boolean' } },
    },
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
  required: ['id', 'number', 'createdAt', 'state', 'customer', 'billingAddress', 'shippingAddress', 'lines', 'subtotal', 'discount', 'shipping', 'tax', 'shippingTax', 'taxPercent', 'total', 'poNumber', 'notes', 'splitPaymentEnabled', 'minimumSplit', 'link', 'order', 'request', 'lead'],
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
      items: { type: 'object', required: ['sku', 'name', 'qty', 'price', 'rowTotal', 'options', 'notes'], additionalProperties: false, properties: lineProperties },
      description: 'As stored when the quote was made',
    },
    subtotal: moneySchema,
    discount: moneySchema,
    shipping: { type: 'object', required: ['method', 'label', 'amount'], additionalProperties: false, properties: { method: text, label: text, amount: moneySchema } },
    tax: moneySchema,
    shippingTax: { ...moneySchema, description: 'The part of the tax on shipping' },
    taxPercent: { type: 'number' },
    total: moneySchema,
    request: { type: ['object', 'null'], description: "The builder's request as last saved, to open the quote in the builder again (a draft, or a copy); null for a quote of the command line" },
    lead: { type: ['integer', 'null'], description: 'The estimate (lead) a starting quote was made from' },
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
  400: { ...errorSchema, description: 'validation_failed: fields name the wrong part (lines.0.sku for a SKU not in the catalog, lines.0.finish, discount.value for a discount above the subtotal, total for a total of 0, billingAddress.zipCode …)' },
  ...denied,
  403: { ...errorSchema, description: "The role does not allow it (a free line, or a discount above the store's limit, by an editor: fields name it), or a write from a foreign Origin" },
} as const;

/** The body of a create or of a draft's update: a draft may lack the customer and the address, which sending checks. */
const quoteBody = objectBody({ ...quoteInputProperties, linkDays, customer: { ...customerInput, required: [] }, billingAddress: { ...addressInput, type: ['object', 'null'], required: [] } }, ['lines']);

/** A created or updated quote: its detail, and its link when it was sent (shown this once). */
const savedQuote = { type: 'object', required: ['quote', 'link'], additionalProperties: false, properties: { quote: quoteDetailSchema, link: { anyOf: [issuedLink, { type: 'null' }], description: 'null for a draft' } } } as const;

// ---- Endpoints ----------------------------------------------------------------------------------

export const catalogSearchEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/catalog',
  summary: `Catalog lines by code, SKU, name, style or kind (every word of the search; at most ${CATALOG_SEARCH_LIMIT}): cabinets, countertops and services before door samples, an exact code first; with their price and what may be chosen (finishes, modifications, edges, cut-outs)`,
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: {
    query: {
      type: 'object',
      properties: {
        search: { type: 'string', maxLength: 100, description: 'Words of a code, SKU, name, style or kind (base, wall, countertop, install …); empty: the first lines', 'x-message': 'Search with up to 100 characters.' },
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
  summary:
    "Create a quote from catalog lines for a customer, priced by the server, and issue its first payment link (shown this once); or, with draft: true, save it as a draft (no link; only its lines are checked). A customer account with the e-mail owns a sent quote: the order paid from it shows in that account. A free line, or a discount above the store's limit, needs a publisher",
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: { body: quoteBody },
  responses: {
    201: successWith(savedQuote),
    ...quoteRefusals,
  },
});

export const quoteUpdateEndpoint = endpoint({
  method: 'PUT',
  path: '/api/studio/quotes/:id',
  summary: "Replace a draft's customer, addresses and lines (the body of a create); with draft false or absent, send it: checked as a create is, its first payment link issued (shown this once). Only a draft changes. An editor may keep a free line a publisher added, not change it",
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: {
    params: idParam(QUOTE_NOT_FOUND),
    body: {
      ...quoteBody,
      properties: {
        ...quoteBody.properties,
        revision: { type: 'string', maxLength: 64, description: 'The revision GET /api/studio/quotes/{id}/draft answered: a save over a later one is refused (409 draft_stale); absent, the last save wins', 'x-message': 'The revision is the one the draft was opened at.' },
      },
    },
  },
  responses: {
    200: successWith(savedQuote),
    ...quoteRefusals,
    404: errorSchema,
    409: { ...errorSchema, description: `quote_sent: '${QUOTE_NOT_DRAFT}'; draft_stale: '${QUOTE_DRAFT_STALE}'` },
  },
});

export const quoteDraftEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/quotes/:id/draft',
  summary:
    "A draft as the builder opens it again: the body it was last saved with, and the catalog lines its SKUs name as the catalog has them now (finishes, modifications, edges, cut-outs); a SKU the catalog no longer has is listed in missing. Only a draft opens",
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: { params: idParam(QUOTE_NOT_FOUND) },
  responses: {
    200: successWith({
      type: 'object',
      required: ['id', 'number', 'revision', 'request', 'items', 'missing'],
      additionalProperties: false,
      properties: {
        id: count,
        number: text,
        revision: { type: 'string', description: 'This save of the draft: send it back with PUT, so that a save made meanwhile by another operator is not overwritten' },
        request: { ...quoteBody, description: 'The body of the last save (POST /api/studio/quotes or PUT /api/studio/quotes/{id})' },
        items: { type: 'array', maxItems: MAX_QUOTE_LINES, items: catalogLineSchema, description: "The catalog lines the body's SKUs name, each once" },
        missing: { type: 'array', items: text, description: 'SKUs of the body the catalog no longer has' },
      },
    }),
    400: errorSchema,
    404: errorSchema,
    409: { ...errorSchema, description: `quote_sent: '${QUOTE_NOT_DRAFT}'` },
    ...denied,
  },
});

export const cabinetStylesEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/catalog/styles',
  summary: 'The styles that have a cabinet line, with the finishes their cabinets are made in: what a cabinet list is imported into',
  caller: 'a viewer',
  security: operatorSession,
  tags,
  responses: {
    200: successWith({
      type: 'array',
      items: { type: 'object', required: ['name', 'title', 'finishes'], additionalProperties: false, properties: { name: text, title: text, finishes: { type: 'array', items: option } } },
    }),
    ...denied,
  },
});

export const quoteImportEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/quotes/import',
  summary:
    "Read a cabinet list (CSV of code, quantity and finish, as kitchen design software exports it) into builder lines of one style: a code is the style's cabinet code (B24) or any SKU, a finish the style's finish by name or code. Unknown codes and finishes are listed by row, each with a \"did you mean\". Stores nothing",
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: {
    body: objectBody(
      {
        csv: { type: 'string', maxLength: 90_000, description: 'The file\'s text: a header row (Code, Qty, Finish) is skipped', 'x-message': 'The cabinet list is text of up to 90,000 characters.' },
        style: { type: 'string', maxLength: 100, description: 'The style the cabinets are of (its name, e.g. hartford-shaker)', 'x-message': 'Choose a style.' },
        finish: finishInput,
      },
      ['csv', 'style'],
    ),
  },
  responses: {
    200: successWith({
      type: 'object',
      required: ['lines', 'problems'],
      additionalProperties: false,
      properties: {
        lines: { type: 'array', maxItems: MAX_CSV_ROWS, items: { type: 'object', required: ['row', 'line', 'item'], additionalProperties: false, properties: { row: count, line: { type: 'object', required: ['sku', 'qty'], additionalProperties: false, description: 'A line of the create body', properties: { sku: text, qty: count, finish: { type: 'object', required: ['type', 'value'], additionalProperties: false, properties: { type: text, value: text } } } }, item: catalogLineSchema } } },
        problems: {
          type: 'array',
          items: {
            type: 'object',
            required: ['row', 'text', 'message', 'suggestion'],
            additionalProperties: false,
            properties: { row: { type: 'integer', description: 'The row of the file, from 1' }, text: { type: 'string', description: 'The row as read' }, message: text, suggestion: { type: ['string', 'null'], description: 'The code or finish it may have meant' } },
          },
        },
      },
    }),
    400: errorSchema,
    ...denied,
  },
});

export const quotePdfEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/quotes/:id/pdf',
  summary: "The quote as a PDF (an estimate while it is a draft): the store's address, the customer's addresses, until when it is valid, its lines in the words of every page, grouped by room or wall, its totals, and the payment link (in full with its token)",
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: {
    params: idParam(QUOTE_NOT_FOUND),
    query: {
      type: 'object',
      properties: { token: { type: 'string', maxLength: 100, description: "The payment link's token, as just issued: the PDF then prints the full link (the store keeps only its hash)", 'x-message': 'A link token is up to 100 characters.' } },
    },
  },
  responseTypes: { 200: 'application/pdf' },
  responses: { 200: { type: 'string', description: 'application/pdf, an attachment named quote-Q100001.pdf' }, 400: errorSchema, 404: errorSchema, ...denied },
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
    409: { ...errorSchema, description: `quote_ordered: '${QUOTE_ALREADY_ORDERED}'; quote_draft: '${QUOTE_IS_DRAFT}'` },
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
    409: { ...errorSchema, description: `quote_ordered: '${QUOTE_ALREADY_ORDERED}'; quote_draft: '${QUOTE_IS_DRAFT}'` },
    429: { ...errorSchema, description: 'The recipient has had as many e-mails as the day allows (the mail cap)' },
    ...denied,
  },
});

export const backOfficeQuoteEndpoints = [catalogSearchEndpoint, cabinetStylesEndpoint, quotePriceEndpoint, quoteCreateEndpoint, quoteUpdateEndpoint, quoteDraftEndpoint, quoteImportEndpoint, quoteListEndpoint, quoteDetailEndpoint, quotePdfEndpoint, quoteLinkEndpoint, quoteEmailEndpoint] as const;

