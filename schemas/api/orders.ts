/**
 * The contracts of the orders, quotes and cart endpoints: create and update an
 * order, view it (owner's token) or look it up (id + e-mail), split payments, open and convert a
 * quote, cart totals and shipping rates. What a schema cannot say stays beside it in the services:
 * a SKU in the catalog and one unit per sample (server/services/cart-totals.ts), the checkout field
 * rules of an address (schemas/evaluators/checkout-fields.ts, cross-field: a ZIP of its state), the
 * one e-mail rule (server/services/email-address.ts), a payment method offered for the scope.
 */
import { endpoint, errorSchema, moneySchema, successWith } from './endpoint';
import { orderViewSchema, quoteViewSchema } from './order-view';

export const QUANTITY_MESSAGE = 'Quantity must be a whole number of at least 1.';
export const EMPTY_CART_MESSAGE = 'Please select at least one sample.';
export const MAX_LINES = 50;
export const TOO_MANY_LINES_MESSAGE = `A cart holds at most ${MAX_LINES} samples.`;
export const SKU_REQUIRED = 'This field is required';
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_\\-:.]{16,128}$';
export const TRANSACTION_ID_MESSAGE = 'A payment needs its transactionId.';
export const SHIPPING_FAILED = 'Failed to calculate shipping';

/** A line's quantity: a whole number of at least 1, as a number or as digits ("1"); absent is 1. */
export const quantitySchema = {
  description: 'A whole number of at least 1 (one unit per sample: more is refused with the item\'s name); digits in a string are read as the number; absent is 1',
  'x-message': QUANTITY_MESSAGE,
  anyOf: [
    { type: 'integer', minimum: 1, maximum: 999_999, 'x-message': QUANTITY_MESSAGE },
    { type: 'string', pattern: '^\\s*0*[1-9][0-9]{0,5}\\s*$', 'x-message': QUANTITY_MESSAGE },
  ],
} as const;

const optionSchema = {
  type: 'object',
  description: 'A chosen option (a finish): type, value and label',
  properties: { type: { type: 'string', maxLength: 200 }, value: { type: 'string', maxLength: 200 }, label: { type: 'string', maxLength: 200 } },
} as const;

/** One cart line: a catalog SKU and its quantity. Prices sent by a browser are never read. */
export const cartItemSchema = {
  type: 'object',
  'x-error': 'invalid_items',
  'x-message': SKU_REQUIRED,
  required: ['sku'],
  properties: {
    sku: { type: 'string', pattern: '\\S', maxLength: 200, 'x-message': SKU_REQUIRED, 'x-required': SKU_REQUIRED, description: 'A SKU of the sample catalog' },
    qty: quantitySchema,
    finish: optionSchema,
    customOptions: { anyOf: [{ type: 'array', maxItems: 5, items: optionSchema }, optionSchema] },
  },
} as const;

/** The cart: 1 to 50 lines. */
export const cartItemsSchema = {
  type: 'array',
  description: `1 to ${MAX_LINES} lines`,
  minItems: 1,
  // A cart refusal answers its own codes: empty_cart (none, or not a list), too_many_items, invalid_items (a line's).
  'x-error': 'empty_cart',
  'x-message': EMPTY_CART_MESSAGE,
  'x-required': EMPTY_CART_MESSAGE,
  // Its own message and code: the array's are the empty cart's.
  allOf: [{ maxItems: MAX_LINES, 'x-message': TOO_MANY_LINES_MESSAGE, 'x-error': 'too_many_items' }],
  items: cartItemSchema,
} as const;

/**
 * An address of a request. Its fields are checked by the checkout field rules (messages per field
 * as `billing.firstName`), which a schema cannot say (a ZIP prefix of the state); here only their types.
 */
export const addressInputSchema = {
  type: 'object',
  properties: {
    type: { enum: ['billing', 'shipping'] },
    email: { type: 'string' },
    firstName: { type: 'string', description: "Letters and spaces, 2 to 50 ('Only alphabets are allowed')" },
    lastName: { type: 'string' },
    street1: { type: 'string' },
    street2: { type: ['string', 'null'] },
    city: { type: 'string' },
    state: { type: 'string', description: 'A US state code' },
    zipCode: { type: 'string', description: "Digits, 3 to 10, of the state's ZIP prefixes" },
    countryId: { type: 'string', description: 'Two letters; default US' },
    phoneNumber: { type: 'string', description: 'Exactly 10 digits; + - ( ) . and spaces allowed' },
  },
} as const;

/** A payment the browser made; the server confirms it with its gateway before recording it. */
export const paymentAttemptSchema = {
  type: 'object',
  required: ['transactionId'],
  description: 'Amounts and statuses sent here are ignored: the gateway is asked.',
  properties: {
    transactionId: { type: 'string', pattern: '^[A-Za-z0-9_\\-:.]{1,200}$', 'x-message': TRANSACTION_ID_MESSAGE, 'x-required': TRANSACTION_ID_MESSAGE },
    method: { type: 'string', maxLength: 100, description: 'Payment method name (card, paypal ...) or gateway' },
  },
} as const;

const orderRef = { anyOf: [{ type: 'string', maxLength: 40 }, { type: 'integer' }], description: 'Order id or increment id' } as const;
const orderIdParam = { type: 'string', minLength: 1, description: 'Order id or increment id' } as const;

const withAccessToken = {
  ...orderViewSchema,
  required: [...orderViewSchema.required, 'accessToken'],
  properties: { ...orderViewSchema.properties, accessToken: { type: 'string', description: 'Proof of ownership: send it as Authorization: Bearer <token>' } },
} as const;

const orderUpdated = {
  type: 'object',
  required: ['success', 'message', 'order', 'adminEmail', 'sendConfirmationEmail'],
  additionalProperties: false,
  properties: {
    success: { const: true },
    message: { type: 'string' },
    order: orderViewSchema,
    adminEmail: { type: 'array', items: { type: 'string' } },
    sendConfirmationEmail: { type: 'boolean', description: 'True when the server queued the confirmation e-mails' },
  },
} as const;

export const createOrderEndpoint = endpoint({
  method: 'POST',
  path: '/api/order',
  summary: 'Create an order from the sample cart (state new, status pending); a retry under the same Idempotency-Key answers the same order, a changed cart updates it while unpaid',
  caller: 'anyone at checkout (a guest, or the signed-in customer the session names)',
  tags: ['orders'],
  request: {
    headers: {
      type: 'object',
      required: ['idempotency-key'],
      properties: { 'idempotency-key': { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN, description: 'A random UUID kept for the whole checkout' } },
    },
    body: {
      type: 'object',
      'x-message': 'The request body must be a JSON object.',
      required: ['items'],
      description: 'Prices, totals, state and status in the body are ignored.',
      properties: {
        email: { type: 'string', maxLength: 254, 'x-message': 'Invalid email address', description: 'Default: the billing address e-mail' },
        firstName: { type: 'string', maxLength: 50, 'x-message': 'firstName must be a string of at most 50 characters.' },
        lastName: { type: 'string', maxLength: 50, 'x-message': 'lastName must be a string of at most 50 characters.' },
        items: cartItemsSchema,
        addresses: { type: 'array', maxItems: 10, items: addressInputSchema, description: 'The billing address and, unless it is the same, the shipping address' },
        billingAddress: addressInputSchema,
        shippingAddress: addressInputSchema,
        shippingMethod: { type: 'string', maxLength: 100 },
        paymentMethod: { type: 'string', maxLength: 100, description: 'A payment method offered for sample orders' },
        payment: { type: 'object', properties: { method: { type: 'string', maxLength: 100 } } },
        payments: { type: 'array', items: { type: 'object', properties: { method: { type: 'string', maxLength: 100 } } } },
        additionalNotes: { type: 'string', maxLength: 2000, 'x-message': 'additionalNotes must be a string of at most 2000 characters.' },
        poNumber: { type: 'string', maxLength: 100, 'x-message': 'poNumber must be a string of at most 100 characters.' },
      },
    },
  },
  responses: {
    201: { ...withAccessToken, description: 'The new order, with its accessToken' },
    200: { ...withAccessToken, description: 'The same order again (same Idempotency-Key), updated if the cart changed while unpaid' },
    400: { ...errorSchema, description: "Checkout field messages; 'Quantity must be a whole number of at least 1.' (invalid_items); 'You can order maximum 1 quantity of item \"{name}\".'; 'Please select a payment method'; no shipping method; idempotency_key_required / invalid_idempotency_key (fields['Idempotency-Key'])" },
    409: { ...errorSchema, description: 'The order under this Idempotency-Key is already paid (order_already_paid), or a payment for it is pending (order_locked)' },
    503: errorSchema,
  },
});

export const updateOrderEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/order',
  summary: 'Update an order: its addresses before payment, or a payment attempt the server confirms with the gateway',
  caller: "the order's owner (its access token as Authorization: Bearer)",
  security: ['orderToken'],
  tags: ['orders'],
  request: {
    body: {
      type: 'object',
      'x-message': 'The request body must be a JSON object.',
      properties: {
        id: orderRef,
        orderId: orderRef,
        addresses: { type: 'array', maxItems: 10, items: addressInputSchema },
        billingAddress: addressInputSchema,
        shippingAddress: addressInputSchema,
        payments: { type: 'array', items: paymentAttemptSchema, description: 'The first is the attempt' },
        payment: paymentAttemptSchema,
      },
    },
  },
  responses: {
    200: orderUpdated,
    400: { ...errorSchema, description: 'Invalid addresses or payment attempt; payment_mismatch; payment_method_not_available' },
    404: { ...errorSchema, description: "'Order not found.' (also for a missing or wrong token)" },
    402: { ...errorSchema, description: 'The gateway refused the payment' },
    409: { ...errorSchema, description: "'Addresses can only be changed before payment.'; an order made from a quote keeps the quote's addresses (order_locked)" },
    429: errorSchema,
    502: errorSchema,
    503: errorSchema,
  },
});

export const viewOrderEndpoint = endpoint({
  method: 'GET',
  path: '/api/order/view/:id',
  summary: "The owner's view of an order",
  caller: "the order's owner (its access token as Authorization: Bearer)",
  security: ['orderToken'],
  tags: ['orders'],
  request: { params: { type: 'object', required: ['id'], properties: { id: orderIdParam } } },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'status', 'data', 'message'],
      additionalProperties: false,
      properties: { success: { const: true }, status: { const: 200 }, data: orderViewSchema, message: { type: 'string' } },
    },
    404: { ...errorSchema, description: "'Order not found.' (also for a missing or wrong token)" },
    503: errorSchema,
  },
});

export const lookupOrderEndpoint = endpoint({
  method: 'GET',
  path: '/api/order/:orderId',
  summary: 'Look up an order by its id and e-mail (the split-payment page), under the lookup budgets per client',
  caller: 'anyone who knows the order id and its e-mail',
  tags: ['orders'],
  request: {
    params: { type: 'object', required: ['orderId'], properties: { orderId: orderIdParam } },
    query: {
      type: 'object',
      required: ['email'],
      properties: { email: { type: 'string', pattern: '\\S', 'x-message': 'Email is required', 'x-required': 'Email is required', description: "The order's e-mail" } },
    },
  },
  responses: {
    200: successWith(orderViewSchema),
    400: { ...errorSchema, description: "'Email is required', or the e-mail rule's message for a malformed or look-alike address (fields.email)" },
    404: { ...errorSchema, description: "'Order not found.' for a wrong id and a wrong e-mail alike" },
    429: { ...errorSchema, description: 'Too many lookups from one client (Retry-After: 60)' },
    503: errorSchema,
  },
});

export const splitPaymentEndpoint = endpoint({
  method: 'POST',
  path: '/api/order/:id/split-payment',
  summary: 'Record a part payment the server confirms with the gateway',
  caller: "the order's owner: its e-mail in the body (counted as a lookup), or its access token",
  security: ['orderToken'],
  tags: ['orders', 'payments'],
  request: {
    params: { type: 'object', required: ['id'], properties: { id: orderIdParam } },
    body: {
      type: 'object',
      'x-message': 'The request body must be a JSON object.',
      properties: {
        email: { type: 'string', description: "The order's e-mail: the split-payment page's proof" },
        payments: { type: 'array', items: paymentAttemptSchema, description: 'The first is the attempt' },
        payment: paymentAttemptSchema,
      },
    },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'message', 'data'],
      additionalProperties: false,
      properties: { success: { const: true }, message: { enum: ['Payment successful!', 'Payment pending.'] }, data: orderViewSchema },
    },
    400: { ...errorSchema, description: "'Split payment is not enabled for this order.'; 'Payment amount is required'" },
    402: { ...errorSchema, description: 'The gateway reports the payment failed' },
    404: { ...errorSchema, description: "'Order not found.'" },
    409: { ...errorSchema, description: "'This order has already been fully paid.'" },
    429: { ...errorSchema, description: 'Too many order id + e-mail checks (Retry-After: 60)' },
    502: errorSchema,
    503: errorSchema,
  },
});

const quoteAnswer = successWith(quoteViewSchema);
const quoteRefused = { ...errorSchema, description: "errorType quoteNotExist ('Quote not found. The link may be incorrect.') or tokenExpired ('The quote link has expired. Please contact admin to receive a new payment link.')" };

export const openQuoteEndpoint = endpoint({
  method: 'GET',
  path: '/api/quote',
  summary: "Open a quote by its payment link (001 §2 puts the link's token in the address; the page may send it as Authorization: Bearer instead)",
  caller: "the holder of the quote's link token",
  security: ['quoteLink'],
  tags: ['quotes'],
  request: {
    query: {
      type: 'object',
      properties: { quoteId: { type: 'string', description: 'Quote id' }, token: { type: 'string', description: 'Link token, unless sent in the Authorization header' } },
    },
  },
  responses: { 200: quoteAnswer, 400: quoteRefused, 503: errorSchema },
});

export const viewQuoteEndpoint = endpoint({
  method: 'GET',
  path: '/api/quote/view/:id',
  summary: 'A quote for the holder of its link token',
  caller: "the holder of the quote's link token (Authorization: Bearer)",
  security: ['quoteLink'],
  tags: ['quotes'],
  request: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, description: 'Quote id' } } } },
  responses: { 200: quoteAnswer, 400: quoteRefused, 503: errorSchema },
});

export const convertQuoteEndpoint = endpoint({
  method: 'POST',
  path: '/api/quote/convertToOrder',
  summary: 'Turn a paid quote into an order (one order per quote); never for a declined payment',
  caller: "the holder of the quote's link token (Authorization: Bearer)",
  security: ['quoteLink'],
  tags: ['quotes'],
  request: {
    body: {
      type: 'object',
      'x-message': 'The request body must be a JSON object.',
      properties: {
        quoteId: { anyOf: [{ type: 'string' }, { type: 'integer' }], description: "The quote's id (a wrong one answers errorType quoteNotExist)" },
        payments: { type: 'array', items: paymentAttemptSchema, description: 'The first is the attempt' },
        payment: paymentAttemptSchema,
      },
    },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'message', 'order', 'adminEmail', 'sendConfirmationEmail'],
      additionalProperties: false,
      properties: {
        success: { const: true },
        message: { type: 'string' },
        order: withAccessToken,
        adminEmail: { type: 'array', items: { type: 'string' } },
        sendConfirmationEmail: { type: 'boolean' },
      },
    },
    400: { ...errorSchema, description: 'payment_mismatch; quoteNotExist for an unknown quote or a missing or wrong link token; tokenExpired; validation' },
    402: { ...errorSchema, description: 'The payment failed: the quote stays ready_to_order' },
    404: errorSchema,
    409: errorSchema,
    429: errorSchema,
    502: errorSchema,
    503: errorSchema,
  },
});

/** The address totals are priced for: an address the checkout would refuse prices as none. */
const totalsAddressSchema = {
  type: 'object',
  description: 'countryId (or country), state, zipCode (or zip)',
  properties: {
    ...addressInputSchema.properties,
    zip: { type: 'string', description: 'Another name of zipCode' },
    country: { type: 'string', description: 'Another name of countryId' },
  },
} as const;

const shippingMethodView = {
  type: 'object',
  required: ['type', 'displayName', 'description', 'rate'],
  additionalProperties: false,
  properties: { type: { type: 'string' }, displayName: { type: 'string' }, description: { type: 'string' }, rate: moneySchema },
} as const;

export const cartTotalsEndpoint = endpoint({
  method: 'POST',
  path: '/api/cart/totals',
  summary: 'Totals of a cart for an address, from the catalog and the rules (nothing stored)',
  caller: 'anyone (the checkout and the cart)',
  tags: ['cart'],
  request: {
    body: {
      type: 'object',
      'x-message': 'The request body must be a JSON object.',
      required: ['items'],
      properties: {
        items: cartItemsSchema,
        // null (or absent) while the checkout has no address yet: the totals then have no shipping.
        address: { anyOf: [totalsAddressSchema, { type: 'null' }] },
        shippingAddress: { anyOf: [totalsAddressSchema, { type: 'null' }] },
      },
    },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'items', 'subtotal', 'shippingCost', 'shippingMethod', 'shippingAvailable', 'shippingMessage', 'taxAmount', 'taxDetails', 'total', 'weight', 'totalItemCount'],
      additionalProperties: false,
      properties: {
        success: { const: true },
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: ['sku', 'name', 'styleName', 'styleTitle', 'price', 'qty', 'weight', 'rowTotal', 'customOptions'],
            additionalProperties: false,
            properties: {
              sku: { type: 'string' },
              name: { type: 'string' },
              styleName: { type: 'string' },
              styleTitle: { type: 'string' },
              price: moneySchema,
              qty: { type: 'integer', minimum: 1 },
              weight: { type: 'number' },
              rowTotal: moneySchema,
              customOptions: { type: 'array', items: { type: 'object', required: ['type', 'value', 'label'], properties: { type: { type: 'string' }, value: { type: 'string' }, label: { type: 'string' } } } },
            },
          },
        },
        subtotal: moneySchema,
        shippingCost: moneySchema,
        shippingMethod: { anyOf: [shippingMethodView, { type: 'null' }] },
        shippingAvailable: { type: 'boolean' },
        shippingMessage: { type: ['string', 'null'], description: 'Why there is no shipping method yet (no address, or none ships there)' },
        taxAmount: moneySchema,
        taxDetails: { type: 'object', required: ['taxTotal', 'taxPercent'], additionalProperties: false, properties: { taxTotal: moneySchema, taxPercent: { type: 'number' } } },
        total: moneySchema,
        weight: { type: 'number' },
        totalItemCount: { type: 'integer' },
      },
    },
    400: { ...errorSchema, description: "'Please select at least one sample.' (empty_cart), an unknown SKU, 'Quantity must be a whole number of at least 1.' (invalid_items)" },
    503: errorSchema,
  },
});

export const shippingRatesEndpoint = endpoint({
  method: 'GET',
  path: '/api/shipping/rates',
  summary: 'The shipping method and rate for a subtotal and an address',
  caller: 'anyone (the checkout)',
  tags: ['cart'],
  invalid: { error: 'validation_failed', message: SHIPPING_FAILED },
  request: {
    query: {
      type: 'object',
      required: ['subtotal'],
      properties: {
        subtotal: { type: 'string', pattern: '^\\s*(?:[0-9]{1,9}(?:\\.[0-9]*)?|\\.[0-9]+)\\s*$', 'x-message': 'Must be a valid number', 'x-required': 'Must be a valid number', description: 'Dollars, 0 to 999,999,999.99' },
        country: { type: 'string', description: 'Default US' },
        state: { type: 'string', description: 'State code' },
        zip: { type: 'string', description: 'ZIP code' },
        itemCount: { type: 'string', pattern: '^\\s*(?:[0-9]{1,4}|10000)\\s*$', 'x-message': 'Must be a number', description: 'For per-item methods; 0 to 10,000, default 1' },
      },
    },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'method', 'rate', 'message'],
      additionalProperties: false,
      properties: {
        success: { const: true },
        method: { anyOf: [shippingMethodView, { type: 'null' }] },
        rate: { anyOf: [moneySchema, { type: 'null' }] },
        message: { type: ['string', 'null'] },
      },
    },
    400: { ...errorSchema, description: "'Failed to calculate shipping' (fields subtotal, itemCount)" },
    503: errorSchema,
  },
});

/** Every contract of this file, for the registry (schemas/api/index.ts). */
export const orderEndpoints = [
  createOrderEndpoint,
  updateOrderEndpoint,
  viewOrderEndpoint,
  lookupOrderEndpoint,
  splitPaymentEndpoint,
  openQuoteEndpoint,
  viewQuoteEndpoint,
  convertQuoteEndpoint,
  cartTotalsEndpoint,
  shippingRatesEndpoint,
] as const;
