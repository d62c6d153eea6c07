/**
 * The OpenAPI 3.1 description of the commerce API (orders, quotes, split payments, verify, cart,
 * shipping, reviews, e-mail), served at GET /api/openapi.json. Amounts are dollars with two
 * decimals; errors are always {error, message, fields?} with a 4xx status.
 */
import { endpoints } from '../../schemas/api';
import { moneySchema } from '../../schemas/api/endpoint';
import { formsOpenApiPaths } from './forms-openapi';
import { contractPaths } from './openapi-paths';
import { accountPaths, accountSecuritySchemes } from './my-account-openapi';

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = (description: string, schema: object) => ({ description, content: json(schema) });
const error = (description: string) => ({ description, content: json(ref('Error')) });
const money = moneySchema;
const bearer = [{ orderToken: [] }];
const quoteLink = [{ quoteLink: [] }];
/** Who may pay or verify: the order's token, the quote's link, or (split payment) the order's e-mail in the body. */
const payer = [{ orderToken: [] }, { quoteLink: [] }, {}];
const pathId = (name: string, description: string) => ({ name, in: 'path', required: true, schema: { type: 'string' }, description });
const query = (name: string, description: string, required = false) => ({ name, in: 'query', required, schema: { type: 'string' }, description });

const address = {
  type: 'object',
  required: ['type', 'email', 'firstName', 'lastName', 'street1', 'city', 'state', 'zipCode', 'phoneNumber'],
  properties: {
    type: { enum: ['billing', 'shipping'] },
    email: { type: 'string', format: 'email' },
    firstName: { type: 'string', description: "Letters and spaces, 2 to 50 ('Only alphabets are allowed')" },
    lastName: { type: 'string' },
    street1: { type: 'string' },
    street2: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    zipCode: { type: 'string', description: 'Digits, 3 to 10' },
    countryId: { type: 'string', default: 'US' },
    phoneNumber: { type: 'string', description: 'Exactly 10 digits; + - ( ) . and spaces allowed' },
  },
};

const paymentAttempt = {
  type: 'object',
  required: ['transactionId', 'method'],
  description: 'A payment the browser made; the server confirms it with the gateway before recording it. Amounts and statuses sent here are ignored.',
  properties: { transactionId: { type: 'string' }, method: { type: 'string', description: 'Payment method name (e.g. card) or gateway' } },
};

const order = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    orderIncrementId: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    state: { type: 'string' },
    status: { enum: ['pending', 'pending_payment', 'partially_paid', 'ordered', 'processing', 'shipped', 'complete', 'holded', 'canceled', 'closed'] },
    paymentStatus: { enum: ['unpaid', 'pending', 'partially_paid', 'paid'] },
    orderCurrencyCode: { const: 'USD' },
    email: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' }, name: { type: 'string' }, price: money, qty: { type: 'integer' }, rowTotal: money, taxAmount: money, customOptions: { type: 'array' } } } },
    addresses: { type: 'array', items: address },
    payments: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, method: { type: 'string' }, methodLabel: { type: 'string' }, status: { type: 'string' }, amount: money, amountPaid: money, transactionId: { type: 'string' }, additionalData: { type: 'object' } } } },
    statusHistory: { type: 'array', items: { type: 'object', properties: { status: { type: 'string' }, comment: { type: 'string' }, isCustomerNotified: { type: 'boolean' } } } },
    subtotal: money,
    shippingAmount: money,
    shippingMethod: { type: 'string' },
    shippingLabel: { type: 'string' },
    taxAmount: money,
    discountAmount: money,
    total: money,
    weight: { type: 'number' },
    totalItemCount: { type: 'integer' },
    emailSent: { type: 'boolean' },
    splitPaymentEnabled: { type: 'boolean' },
    minimumSplitAmount: money,
    paidAmount: money,
    remainingBalance: money,
  },
};

const quote = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    quoteIncrementId: { type: 'string' },
    poNumber: { type: 'string' },
    status: { enum: ['ready_to_order', 'ordered'] },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    email: { type: 'string' },
    addresses: { type: 'array', items: address },
    items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, sku: { type: 'string' }, qty: { type: 'integer' }, price: money, rowTotal: money, notes: { type: 'string' } } } },
    subtotal: money,
    shippingAmount: money,
    taxAmount: money,
    discountAmount: money,
    total: money,
    additionalNotes: { type: 'string' },
    splitPaymentEnabled: { type: 'boolean' },
    minimumSplitAmount: money,
  },
};

export const commerceOpenApi = {
  openapi: '3.1.0',
  info: {
    title: 'Showroom commerce API',
    version: '1.0.0',
    description: 'Orders, quotes, split payments, payment verification, cart totals, shipping rates, reviews and order e-mail. The server computes every amount; browsers ask, the server decides. See docs/commerce-api.md.',
  },
  components: {
    securitySchemes: {
      orderToken: { type: 'http', scheme: 'bearer', description: 'The accessToken returned when the order was created, as `Authorization: Bearer <token>` only (never in a query string or a body).' },
      quoteLink: { type: 'http', scheme: 'bearer', description: "The token of the quote's payment link, valid and unexpired, as `Authorization: Bearer <token>`. It also proves ownership of the order made from the quote." },
      ...accountSecuritySchemes,
    },
    schemas: {
      Error: { type: 'object', required: ['error', 'message'], properties: { error: { type: 'string' }, message: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } }, errorType: { enum: ['tokenExpired', 'quoteNotExist'] } } },
      Address: address,
      Order: order,
      Quote: quote,
      PaymentAttempt: paymentAttempt,
    },
  },
  paths: {
    '/api/order': {
      post: {
        summary: 'Create an order from the sample cart (state new, status pending)',
        parameters: [{ name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_\\-:.]{16,128}$' }, description: 'A retry with the same key returns the same order; a changed cart under the same key updates the unpaid order.' }],
        requestBody: {
          content: json({
            type: 'object',
            required: ['items', 'addresses'],
            properties: {
              email: { type: 'string' },
              firstName: { type: 'string' },
              lastName: { type: 'string' },
              items: { type: 'array', items: { type: 'object', required: ['sku'], properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1, maximum: 1 }, finish: { type: 'object', properties: { type: { type: 'string' }, value: { type: 'string' }, label: { type: 'string' } } } } } },
              addresses: { type: 'array', items: address },
              shippingMethod: { type: 'string' },
              paymentMethod: { type: 'string' },
              payments: { type: 'array', items: { type: 'object', properties: { method: { type: 'string' } } } },
            },
            description: 'Prices, totals, state and status in the body are ignored.',
          }),
        },
        responses: {
          201: ok('The new order, with its accessToken', { allOf: [ref('Order'), { type: 'object', properties: { accessToken: { type: 'string' } } }] }),
          200: ok('The same order again (same Idempotency-Key)', ref('Order')),
          400: error("Validation: checkout field messages, 'You can order maximum 1 quantity of item \"{name}\".', 'Quantity must be a whole number of at least 1.', 'Please select a payment method', no shipping method; idempotency_key_required / invalid_idempotency_key (fields['Idempotency-Key'])"),
          409: error("The order under this Idempotency-Key is already paid, or a payment for it is pending or on hold (order_locked: the cart cannot change until it completes or fails)"),
        },
      },
      patch: {
        summary: 'Update an order: addresses before payment, or a payment attempt the server confirms',
        security: bearer,
        requestBody: { content: json({ type: 'object', required: ['id'], properties: { id: { type: 'integer' }, addresses: { type: 'array', items: address }, payments: { type: 'array', items: paymentAttempt } } }) },
        responses: {
          200: ok('success, message, order, adminEmail, sendConfirmationEmail', { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, order: ref('Order'), adminEmail: { type: 'array', items: { type: 'string' } }, sendConfirmationEmail: { type: 'boolean' } } }),
          400: error('Invalid addresses or payment attempt; payment_mismatch'),
          404: error("'Order not found.' (also for a missing or wrong token)"),
          409: error("'Addresses can only be changed before payment.'; an order made from a quote keeps the quote's addresses (order_locked)"),
        },
      },
    },
    '/api/order/view/{id}': {
      get: { summary: "The owner's view of an order", security: bearer, parameters: [pathId('id', 'Order id or increment id')], responses: { 200: ok('success, status 200, data', { type: 'object', properties: { success: { type: 'boolean' }, status: { type: 'integer' }, data: ref('Order') } }), 404: error("'Order not found.'") } },
    },
    '/api/order/{orderId}': {
      get: {
        summary: 'Look up an order by id and e-mail (split-payment page); 5 a minute per address',
        parameters: [pathId('orderId', 'Order id or increment id'), query('email', 'The order e-mail', true)],
        responses: { 200: ok('data is the order', { type: 'object', properties: { success: { type: 'boolean' }, data: ref('Order') } }), 400: error("'Email is required', or the e-mail rule's message for a malformed or look-alike address (fields.email)"), 404: error("'Order not found.' for a wrong id and a wrong e-mail alike"), 429: error('Too many lookups: five misses a minute from one client (never a lock on the order)') },
      },
    },
    '/api/order/{id}/split-payment': {
      post: {
        summary: "Record a split payment the server confirms with the gateway. Proof: the order's e-mail in the body (counted as a lookup: 5 a minute per client, 20 per order and per e-mail from all clients), or the order's token",
        security: payer,
        parameters: [pathId('id', 'Order id or increment id')],
        requestBody: { content: json({ type: 'object', required: ['email', 'payments'], properties: { email: { type: 'string' }, payments: { type: 'array', items: paymentAttempt } } }) },
        responses: {
          200: ok("success, message 'Payment successful!', data (order)", { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: ref('Order') } }),
          400: error("'Split payment is not enabled for this order.'"),
          402: error('The gateway reports the payment failed'),
          404: error("'Order not found.'"),
          409: error("'This order has already been fully paid.'"),
          429: error('Too many order id + e-mail checks'),
        },
      },
    },
    '/api/quote': {
      get: {
        summary: "Open a quote by its payment link (001 §2 puts the link's token in the address; the page may send it as `Authorization: Bearer` instead)",
        security: [...quoteLink, {}],
        parameters: [query('quoteId', 'Quote id', true), query('token', 'Link token, unless sent in the Authorization header')],
        responses: { 200: ok('data is the quote', { type: 'object', properties: { success: { type: 'boolean' }, data: ref('Quote') } }), 400: error("errorType tokenExpired ('The quote link has expired. Please contact admin to receive a new payment link.') or quoteNotExist ('Quote not found. The link may be incorrect.')") },
      },
    },
    '/api/quote/view/{id}': {
      get: { summary: 'A quote for the holder of its link token', security: quoteLink, parameters: [pathId('id', 'Quote id')], responses: { 200: ok('data is the quote', { type: 'object', properties: { data: ref('Quote') } }), 400: error('errorType quoteNotExist or tokenExpired') } },
    },
    '/api/quote/convertToOrder': {
      post: {
        summary: 'Turn a paid quote into an order (idempotent: one order per quote); never for a declined payment',
        security: quoteLink,
        requestBody: { content: json({ type: 'object', required: ['quoteId', 'payment'], properties: { quoteId: { type: 'integer' }, payment: paymentAttempt } }) },
        responses: { 200: ok('success, message, order, adminEmail', { type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, order: ref('Order'), adminEmail: { type: 'array', items: { type: 'string' } } } }), 400: error('payment_mismatch; quoteNotExist for an unknown quote or a missing or wrong link token; tokenExpired; validation'), 402: error('The payment failed: the quote stays ready_to_order') },
      },
    },
    '/api/payment/{method}/verify': {
      post: {
        summary: "Verify a payment with its gateway, convert the quote if needed, update the order. The transaction id proves nothing: the caller proves it owns the payment's order or quote (order token, quote link, or the order's e-mail for a split payment). `order.accessToken` is answered only to the order token's or the quote link's holder.",
        security: payer,
        parameters: [pathId('method', 'Payment method name (card, paypal ...) or gateway (stripe, paypal, authorizenet, test)')],
        requestBody: { content: json({ type: 'object', properties: { paymentIntentId: { type: 'string' }, paymentIntentClientSecret: { type: 'string' }, transactionId: { type: 'string' }, orderId: { type: 'string', description: 'PayPal order id' }, email: { type: 'string', description: "The order's e-mail: the split-payment page's proof" } } }) },
        responses: {
          200: ok('The verify response of 001 §3', { type: 'object', properties: { error: { type: 'boolean' }, success: { type: 'boolean' }, status: { enum: ['completed', 'pending', 'failed', 'on_hold', 'voided'] }, transactionId: { type: 'string' }, transactionResponse: { type: 'object', properties: { amount: money } }, metadata: { type: 'object', properties: { orderId: { type: 'string' }, orderIncrementId: { type: 'string' }, paymentId: { type: 'string' }, quoteId: { type: 'string' } } }, order: ref('Order'), partialPayment: { type: 'boolean' }, remainingBalance: money, sendConfirmationEmail: { type: 'boolean' } } }),
          400: error("'Payment method not available'; missing transaction"),
          402: error("A declined payment for a quote not yet ordered: nothing is recorded, the quote stays open"),
          404: error("'Payment not found.'; 'Order not found.' for a caller who does not own the payment's order"),
          429: error('Too many order id + e-mail checks'),
        },
      },
    },
    '/api/cart/totals': {
      post: {
        summary: 'Totals of a cart for an address (nothing stored)',
        requestBody: { content: json({ type: 'object', required: ['items'], properties: { items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer' } } } }, address: { type: 'object', properties: { countryId: { type: 'string' }, state: { type: 'string' }, zipCode: { type: 'string' } } } } }) },
        responses: { 200: ok('subtotal, shippingCost, shippingMethod, taxAmount, taxDetails {taxTotal, taxPercent}, total', { type: 'object' }), 400: error("'Please select at least one sample.', unknown SKU, quantity") },
      },
    },
    '/api/shipping/rates': {
      get: {
        summary: 'The shipping method and rate for a subtotal and an address',
        parameters: [query('subtotal', 'Dollars', true), query('country', 'Default US'), query('state', 'State code'), query('zip', 'ZIP code'), query('itemCount', 'For per-item methods')],
        responses: { 200: ok('method {type, displayName, description, rate} or null, rate, message', { type: 'object' }), 400: error("'Failed to calculate shipping'") },
      },
    },
    '/api/reviews/birdeye': { get: { summary: 'Review feed (rating, reviewer.nickname, rdate, comments)', responses: { 200: ok('Reviews', { type: 'array' }) } } },
    '/api/reviews/summary': { get: { summary: 'avgRating and reviewCount', responses: { 200: ok('Summary', { type: 'object', properties: { avgRating: { type: 'number' }, reviewCount: { type: 'integer' } } }) } } },
    '/api/email/send-email': {
      post: {
        summary: "Re-queue the store's own confirmation e-mails of a paid order (not a relay)",
        security: bearer,
        requestBody: { content: json({ type: 'object', properties: { type: { enum: ['order-confirmation', 'order-confirmation-admin', 'split-payment-confirmation'] }, data: { type: 'object', properties: { orderId: { type: 'string' } } } } }) },
        responses: { 200: ok('Queued', { type: 'object' }), 403: error('Anything else'), 409: error('The order is not paid') },
      },
    },
    ...formsOpenApiPaths,
    '/api/openapi.json': { get: { summary: 'This document', responses: { 200: ok('OpenAPI 3.1', { type: 'object' }) } } },
    ...accountPaths,
    // The endpoints that have their contract in schemas/api/; the paths above move there one by one.
    ...contractPaths(endpoints),
  },
} as const;
