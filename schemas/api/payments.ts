/**
 * The payment routes' contracts (room "payments"): the offline test gateway (charge and its
 * authentication page), Stripe's PaymentIntent, PayPal's order, Authorize.net's Accept.js charge,
 * "Pay another way", verify, and the payment methods a page offers. The amount charged always comes
 * from the server's own order or quote: a browser's `amount` is only a request (a split payment).
 *
 * The field messages are the ones the routes have always answered (server/api/payments/*). What a
 * schema cannot say stays beside the route: the card's Luhn digit and expiry (server/gateways/test-cards.ts),
 * the e-mail look-alikes (server/services/email-address.ts), a return address of the store or an
 * allowed dealer (server/api/payments/return-url.ts), "an order or a quote is named" (waiting/cancel),
 * and "one of the payment's ids is given" (verify).
 */
import { endpoint, errorSchema, moneySchema } from './endpoint';
import { orderViewSchema, PAYMENT_STATUSES } from './order-view';
import { PAYMENT_SCOPES } from '../payment-method-selection';
import { paymentMethodSchema } from '../payment-methods.schema';

const REQUIRED = 'This field is required';
const FORM_FAILED = 'Form validation failed. Please check your information.';

/** A string of at most `max` characters, with the messages of the routes' own checks. */
function text<const M extends number>(max: M, description?: string) {
  return {
    type: 'string',
    'x-message': 'Must be a string',
    allOf: [{ maxLength: max, 'x-message': `Must be at most ${max} characters` }],
    ...(description ? { description } : {}),
  } as const;
}

/** A required text: not blank (the routes trim), of at most `max` characters. */
function requiredText<const M extends number>(max: M, description?: string) {
  return {
    type: 'string',
    minLength: 1,
    'x-message': 'Must be a string',
    'x-required': REQUIRED,
    allOf: [
      { pattern: '\\S', 'x-message': REQUIRED },
      { maxLength: max, 'x-message': `Must be at most ${max} characters` },
    ],
    ...(description ? { description } : {}),
  } as const;
}

/**
 * A string matching `pattern` ('Is not valid'), of at most `max` characters (its own message). A
 * keyword under `allOf` is checked and answered first, so the length has its message; the pattern
 * stays at the top, where generated requests (server/testing/schema-arbitrary.ts) read it.
 */
function matching<const M extends number, const P extends string>(max: M, pattern: P, description?: string) {
  return {
    type: 'string',
    pattern,
    'x-message': 'Is not valid',
    allOf: [{ maxLength: max, 'x-message': `Must be at most ${max} characters` }],
    ...(description ? { description } : {}),
  } as const;
}

/** An order's or a quote's id as the browser names it: a number (the widgets) or a string ('' is none). */
const idSchema = {
  description: 'Our id of an order or a quote (a number, or its digits as a string)',
  'x-message': 'Is not valid',
  anyOf: [
    matching(100, '^([A-Za-z0-9_.:-]{1,100})?$'),
    { type: 'integer', minimum: 0, 'x-message': 'Is not valid' },
  ],
} as const;

const metadataProperties = {
  orderId: idSchema,
  orderIncrementId: idSchema,
  paymentId: idSchema,
  quoteId: idSchema,
  quoteIncrementId: idSchema,
} as const;

/** Which order or quote a payment is for; other keys are ignored (a provider carries only these). */
const metadataSchema = {
  type: 'object',
  description: 'Which order or quote the payment is for. The amount charged is computed by the server from it.',
  'x-message': 'Must be an object',
  properties: metadataProperties,
} as const;

/** A split amount the browser asks to pay, in dollars; checked against the due amount by the server. */
const amountSchema = {
  description: 'Dollars. Only a requested split amount: checked against the due amount; never trusted as the price.',
  'x-message': 'Must be a valid number',
  anyOf: [
    {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 10_000_000,
      'x-message': 'Must be a valid number',
      // Answered first, with its own words (the bounds above are for generated requests too).
      allOf: [{ exclusiveMinimum: 0, 'x-message': 'Payment amount must be greater than 0' }],
    },
    // Digits, more than zero, below ten million.
    { type: 'string', pattern: '^(0*[1-9][0-9]{0,6}(\\.[0-9]+)?|0+\\.[0-9]*[1-9][0-9]*)$', 'x-message': 'Must be a valid number' },
  ],
} as const;

const currencySchema = {
  type: 'string',
  description: 'ISO 4217 code; must be the currency the server charges (USD)',
  pattern: '^([A-Za-z]{3})?$',
  'x-message': 'Is not valid',
  allOf: [{ maxLength: 3, 'x-message': 'Must be at most 3 characters' }],
} as const;

/** An e-mail address ('' is none); the look-alikes (gmial.com ...) are refused by the route's rule. */
function emailField<const D extends string>(description: D) {
  return {
    type: 'string',
    description,
    pattern: '^$|^[^\\s@]{1,64}@[^\\s@]{1,255}\\.[^\\s@]{2,}$',
    'x-message': 'Invalid email address',
    allOf: [{ maxLength: 254, 'x-message': 'Must be at most 254 characters' }],
  } as const;
}

/** The split-payment page's proof of ownership (counted like an order lookup). */
const ownerEmail = emailField("The order's e-mail: the split-payment page's proof of ownership, counted like an order lookup.");

/** The payment routes' errors: all the error shape. */
const paymentErrors = {
  400: errorSchema,
  402: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
  429: errorSchema,
  502: errorSchema,
  503: errorSchema,
} as const;

/** A refused charge (402) with what the provider answered. */
function refusedCharge<const T extends object>(transactionResponse: T) {
  return {
    type: 'object',
    description: 'The payment was refused (declined, failed, or needs authentication): the error shape with the provider answer',
    required: ['error', 'message'],
    properties: {
      ...errorSchema.properties,
      success: { const: false },
      status: { anyOf: [{ type: 'string' }, { type: 'integer' }], description: "The payment's status (Authorize.net: the HTTP status, 402)" },
      paymentStatus: { type: 'string' },
      transactionId: { type: 'string' },
      transactionResponse,
      nextAction: {
        type: 'object',
        required: ['type', 'url'],
        properties: { type: { const: 'redirect_to_url' }, url: { type: 'string', description: "The test gateway's authentication page" } },
      },
    },
  } as const;
}

const paymentStatus = { enum: PAYMENT_STATUSES } as const;

/** The metadata a provider carries back: our ids as strings. */
const answeredMetadata = {
  type: 'object',
  properties: {
    orderId: { type: 'string' },
    orderIncrementId: { type: 'string' },
    paymentId: { type: 'string' },
    quoteId: { type: 'string' },
    quoteIncrementId: { type: 'string' },
  },
  additionalProperties: false,
} as const;

const callerOwner = "the owner of the order or quote named (Authorization: Bearer with the order's access token or the quote link's token, or the order's `email` for a split payment)";

// ---------------------------------------------------------------------------------------------
// The offline test gateway

const cardTransactionResponse = {
  type: 'object',
  required: ['amount', 'currency'],
  properties: { amount: moneySchema, currency: { type: 'string' }, cardBrand: { type: 'string' }, cardLast4: { type: 'string' } },
} as const;

export const testChargeEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/test/charge',
  summary: 'Charge a test card with the offline test gateway (4242 4242 4242 4242 succeeds; see docs/gateways.md)',
  caller: callerOwner,
  security: ['orderToken', 'quoteLink'],
  tags: ['payments'],
  invalid: { error: 'invalid_request', message: FORM_FAILED },
  request: {
    body: {
      type: 'object',
      required: ['cardNumber', 'expMonth', 'expYear', 'cardCode'],
      properties: {
        cardNumber: { type: 'string', maxLength: 40, description: 'Digits, spaces and dashes allowed; Luhn-checked', 'x-message': 'Card number is invalid', 'x-required': 'Card number is required' },
        expMonth: {
          description: '1 to 12',
          'x-message': 'Expiry month is invalid',
          'x-required': 'Expiry is required',
          anyOf: [
            { type: 'string', maxLength: 4, 'x-message': 'Expiry month is invalid' },
            { type: 'integer', 'x-message': 'Expiry month is invalid' },
          ],
        },
        expYear: {
          description: 'Four digits, this year to 50 years on',
          'x-message': 'Expiry year is invalid',
          'x-required': 'Expiry is required',
          anyOf: [
            { type: 'string', maxLength: 4, 'x-message': 'Expiry year is invalid' },
            { type: 'integer', 'x-message': 'Expiry year is invalid' },
          ],
        },
        cardCode: {
          description: 'CVV, 3 or 4 digits',
          'x-message': 'CVV is invalid',
          'x-required': 'CVV is required',
          anyOf: [
            { type: 'string', maxLength: 10, 'x-message': 'CVV is invalid' },
            { type: 'integer', minimum: 0, 'x-message': 'CVV is invalid' },
          ],
        },
        amount: amountSchema,
        currency: currencySchema,
        metadata: metadataSchema,
        ...metadataProperties,
        email: ownerEmail,
        returnUrl: text(2000, 'Where the authentication step returns (a path on the store, or a URL of the store or an allowed dealer origin); default /payment/verify/test.'),
      },
    },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'status', 'message', 'transactionId', 'transactionResponse', 'metadata'],
      properties: {
        success: { const: true },
        status: { const: 'completed' },
        message: { const: 'Payment successful' },
        transactionId: { type: 'string' },
        transactionResponse: cardTransactionResponse,
        metadata: answeredMetadata,
      },
    },
    ...paymentErrors,
    402: refusedCharge(cardTransactionResponse),
  },
});

const authenticationStep = {
  transactionId: {
    type: 'string',
    description: 'The test transaction (test_txn_ and 24 hex digits)',
    pattern: '^test_txn_[0-9a-f]{24}$',
    'x-message': 'Is not valid',
    'x-required': REQUIRED,
    allOf: [{ minLength: 1, 'x-message': REQUIRED }],
  },
  // A secret of the wrong shape is a wrong secret (404), so its shape is not checked here.
  secret: { type: 'string', minLength: 1, maxLength: 200, description: 'The one-time secret of that transaction', 'x-message': REQUIRED, 'x-required': REQUIRED },
} as const;

export const testAuthenticationPageEndpoint = endpoint({
  method: 'GET',
  path: '/api/payment/test/authenticate',
  summary: "The test gateway's authentication page (its 3-D Secure), the `nextAction.url` a 402 on_hold charge answers: plain HTML (text/html, not JSON) with Complete authentication and Fail authentication",
  caller: 'the browser of the customer who made the charge (the one-time secret in the address proves it)',
  tags: ['payments'],
  invalid: { error: 'invalid_request', message: 'The authentication request is incomplete.' },
  request: {
    query: { type: 'object', required: ['transactionId', 'secret'], properties: authenticationStep },
  },
  responses: {
    200: { type: 'string', description: 'The page, as text/html (no JSON answer)' },
    400: errorSchema,
    404: errorSchema,
    409: errorSchema,
    410: errorSchema,
    502: errorSchema,
    503: errorSchema,
  },
});

export const testAuthenticationEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/test/authenticate',
  summary:
    'What the authentication form posts (application/x-www-form-urlencoded; JSON is accepted too): uses the secret once, moves the test transaction to completed or failed, and redirects (303) to the return URL with ?transactionId=',
  caller: 'the authentication page (the one-time secret proves the caller)',
  tags: ['payments'],
  invalid: { error: 'invalid_request', message: 'The authentication request is incomplete.' },
  request: {
    body: {
      type: 'object',
      required: ['transactionId', 'secret', 'outcome'],
      properties: {
        ...authenticationStep,
        outcome: { enum: ['complete', 'fail'], description: 'The button pressed', 'x-message': 'Must be complete or fail', 'x-required': REQUIRED },
      },
    },
  },
  responses: {
    303: { type: 'string', description: 'A redirect (Location) to the return URL, with ?transactionId=; no JSON answer' },
    400: errorSchema,
    404: errorSchema,
    409: errorSchema,
    410: errorSchema,
    413: errorSchema,
    415: errorSchema,
    502: errorSchema,
    503: errorSchema,
  },
});

// ---------------------------------------------------------------------------------------------
// Stripe

const intentId = matching(255, '^pi_[A-Za-z0-9_]{1,255}$', "Stripe's PaymentIntent id (pi_...)");
const availableMethods = {
  type: 'array',
  description: "Stripe's payment method types (card, us_bank_account ...)",
  maxItems: 20,
  items: { type: 'string', pattern: '^[a-z_]{2,50}$', 'x-message': 'Must be a list of payment method types' },
  'x-message': 'Must be a list of payment method types',
} as const;
const shippingSchema = {
  type: 'object',
  description: "The shipping details Stripe keeps with the intent",
  'x-message': 'Must be an object',
  required: ['name', 'address'],
  properties: {
    name: requiredText(200),
    phone: text(40),
    address: {
      type: 'object',
      'x-message': 'Must be an object',
      'x-required': REQUIRED,
      required: ['line1'],
      properties: {
        line1: requiredText(255),
        line2: text(200),
        city: text(200),
        state: text(200),
        postal_code: text(200),
        country: text(200),
      },
    },
  },
} as const;

const publicIntent = {
  type: 'object',
  description: "Stripe's PaymentIntent, reduced (amounts in cents, as Stripe's)",
  required: ['id', 'object', 'status', 'amount', 'currency', 'metadata'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    object: { const: 'payment_intent' },
    status: { type: 'string' },
    amount: { type: 'integer', description: 'Cents' },
    amount_received: { type: 'integer', description: 'Cents' },
    currency: { type: 'string' },
    metadata: answeredMetadata,
    client_secret: { type: 'string', description: 'Only when created: the browser confirms the intent with it' },
    last_payment_error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
  },
} as const;

/** The intent as created: with the client secret the browser confirms it with. */
const createdIntent = { ...publicIntent, required: ['id', 'object', 'status', 'amount', 'currency', 'metadata', 'client_secret'] } as const;

const intentAnswer = {
  type: 'object',
  required: ['success', 'paymentIntent', 'status'],
  additionalProperties: false,
  properties: { success: { const: true }, paymentIntent: publicIntent, status: paymentStatus },
} as const;

export const stripeCreateIntentEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/stripe/payment-intent',
  summary: 'Create a Stripe PaymentIntent for the order or quote (an earlier one never confirmed is cancelled, or answered again for the same amount)',
  caller: callerOwner,
  security: ['orderToken', 'quoteLink'],
  tags: ['payments'],
  invalid: { error: 'invalid_request', message: FORM_FAILED },
  request: {
    body: {
      type: 'object',
      properties: {
        paymentMethodId: matching(255, '^([A-Za-z0-9_]{3,255})?$', 'A PaymentMethod to confirm with (pm_...)'),
        availableMethods,
        amount: amountSchema,
        currency: currencySchema,
        receiptEmail: emailField('Where Stripe sends its receipt'),
        shipping: shippingSchema,
        metadata: metadataSchema,
        ...metadataProperties,
        email: ownerEmail,
      },
    },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'paymentIntent', 'status'],
      additionalProperties: false,
      properties: { success: { const: true }, paymentIntent: createdIntent, status: paymentStatus },
    },
    ...paymentErrors,
  },
});

export const stripeUpdateIntentEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/payment/stripe/payment-intent',
  summary: 'Update a PaymentIntent: re-priced from the server while unpaid; a paid one only gains metadata',
  caller: callerOwner,
  security: ['orderToken', 'quoteLink'],
  tags: ['payments'],
  invalid: { error: 'invalid_request', message: FORM_FAILED },
  request: {
    body: {
      type: 'object',
      required: ['paymentIntentId'],
      properties: {
        paymentIntentId: { ...intentId, 'x-required': REQUIRED },
        availableMethods,
        amount: amountSchema,
        currency: currencySchema,
        receiptEmail: emailField('Where Stripe sends its receipt'),
        shipping: shippingSchema,
        metadata: metadataSchema,
        ...metadataProperties,
        email: ownerEmail,
      },
    },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'paymentIntent'],
      additionalProperties: false,
      properties: { success: { const: true }, paymentIntent: publicIntent },
    },
    ...paymentErrors,
  },
});

const intentById = {
  type: 'object',
  required: ['paymentIntentId'],
  properties: { paymentIntentId: { ...intentId, 'x-required': REQUIRED }, email: ownerEmail },
} as const;

export const stripeCaptureEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/stripe/capture-payment',
  summary: 'Capture a PaymentIntent that requires capture (one already captured is answered as is)',
  caller: callerOwner,
  security: ['orderToken', 'quoteLink'],
  tags: ['payments'],
  invalid: { error: 'invalid_request', message: FORM_FAILED },
  request: { body: intentById },
  responses: { 200: intentAnswer, ...paymentErrors },
});

export const stripeRetrieveIntentEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/stripe/payment-intent/retrieve',
  summary: 'Read a PaymentIntent back from Stripe',
  caller: callerOwner,
  security: ['orderToken', 'quoteLink'],
  tags: ['payments'],
  invalid: { error: 'invalid_request', message: FORM_FAILED },
  request: { body: intentById },
  responses: { 200: intentAnswer, ...paymentErrors },
});

// ---------------------------------------------------------------------------------------------
// PayPal (its messages: schemas/evaluators/paypal-messages.ts)

const paypalOrderId = matching(255, '^[A-Z0-9]{1,36}$', "PayPal's order id");
/** Our metadata, given as `metadata`, `additionalData.metadata` or `additionalData` itself (the spec's client). */
const additionalData = {
  type: 'object',
  description: 'Which order or quote the payment is for (the keys of metadata, or a nested metadata)',
  'x-message': 'Must be an object',
  properties: { ...metadataProperties, metadata: metadataSchema },
} as const;

export const paypalCreateOrderEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/paypal/order',
  summary: 'Create a PayPal order for the order or quote; the answer carries the approve link',
  caller: callerOwner,
  security: ['orderToken', 'quoteLink'],
  tags: ['payments'],
  invalid: { error: 'invalid_request', message: 'Failed to create PayPal order. Please try again.' },
  request: {
    body: {
      type: 'object',
      properties: { amount: amountSchema, currency: currencySchema, metadata: metadataSchema, additionalData, ...metadataProperties, email: ownerEmail },
    },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'id', 'status', 'response'],
      additionalProperties: false,
      properties: {
        success: { const: true },
        id: { type: 'string' },
        status: { type: 'string' },
        response: {
          type: 'object',
          required: ['id', 'status', 'links'],
          additionalProperties: false,
          properties: {
            id: { type: 'string' },
            status: { type: 'string' },
            links: {
              type: 'array',
              items: { type: 'object', required: ['href', 'rel'], additionalProperties: false, properties: { href: { type: 'string' }, rel: { type: 'string' }, method: { type: 'string' } } },
            },
          },
        },
      },
    },
    ...paymentErrors,
  },
});

export const paypalUpdateOrderEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/payment/paypal/order',
  summary: 'Update an unpaid PayPal order (amount from the server); a paid one is left alone',
  caller: callerOwner,
  security: ['orderToken', 'quoteLink'],
  tags: ['payments'],
  invalid: { error: 'invalid_request', message: 'Failed to update PayPal order. Please try again.' },
  request: {
    body: {
      type: 'object',
      required: ['orderId'],
      properties: {
        orderId: { ...paypalOrderId, 'x-required': REQUIRED },
        amount: amountSchema,
        currency: currencySchema,
        metadata: metadataSchema,
        additionalData,
        email: ownerEmail,
      },
    },
  },
  responses: {
    200: { type: 'object', required: ['success', 'id'], additionalProperties: false, properties: { success: { const: true }, id: { type: 'string' } } },
    ...paymentErrors,
  },
});

const paypalTransactionResponse = {
  type: 'object',
  required: ['id', 'status'],
  properties: {
    id: { type: 'string' },
    status: { type: 'string' },
    captureId: { type: 'string' },
    captureStatus: { type: 'string' },
    amount: { type: 'object', properties: { value: { type: 'string' }, currency_code: { type: 'string' } } },
  },
} as const;

export const paypalCaptureEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/paypal/capture',
  summary: 'Capture an approved PayPal order (guarded like a charge: never one cancelled to pay another way, never more than is due)',
  caller: callerOwner,
  security: ['orderToken', 'quoteLink'],
  tags: ['payments'],
  // A missing order id (the usual refusal) has its own wallet message; a malformed one too.
  invalid: { error: 'invalid_request', message: 'No PayPal order to capture. Please try again.' },
  request: {
    body: { type: 'object', required: ['orderId'], properties: { orderId: { ...paypalOrderId, 'x-required': REQUIRED }, email: ownerEmail } },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'transactionId', 'status', 'amount', 'transactionResponse', 'metadata'],
      additionalProperties: false,
      properties: {
        success: { const: true },
        transactionId: { type: 'string' },
        status: paymentStatus,
        amount: moneySchema,
        transactionResponse: paypalTransactionResponse,
        metadata: answeredMetadata,
      },
    },
    ...paymentErrors,
    402: refusedCharge(paypalTransactionResponse),
  },
});

// ---------------------------------------------------------------------------------------------
// Authorize.net

const anetAddressFields = ['firstName', 'first_name', 'lastName', 'last_name', 'company', 'address', 'street1', 'street2', 'address_1', 'city', 'state', 'zip', 'zipCode', 'postalCode', 'country', 'countryId', 'phoneNumber', 'phone'] as const;
const anetAddress = {
  type: 'object',
  description: "Our address field names or Authorize.net's (firstName, street1/address, zipCode/zip, countryId/country, phoneNumber/phone ...)",
  'x-message': 'Must be an object',
  properties: Object.fromEntries(anetAddressFields.map((name) => [name, text(200)])) as { [K in (typeof anetAddressFields)[number]]: ReturnType<typeof text<200>> },
} as const;

const anetTransactionResponse = {
  type: 'object',
  required: ['amount'],
  properties: {
    responseCode: { type: 'string' },
    authCode: { type: 'string' },
    transId: { type: 'string' },
    accountNumber: { type: 'string' },
    accountType: { type: 'string' },
    amount: moneySchema,
  },
} as const;

export const authorizeNetTransactionEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/authorize-net/process-transaction',
  summary: 'Charge Accept.js opaque data with Authorize.net for the due amount; `status: 200` in the body means success (1 approved, 4 held for review)',
  caller: callerOwner,
  security: ['orderToken', 'quoteLink'],
  tags: ['payments'],
  invalid: { error: 'invalid_request', message: 'Payment Error' },
  request: {
    body: {
      type: 'object',
      required: ['dataDescriptor', 'dataValue'],
      properties: {
        dataDescriptor: {
          type: 'string',
          description: "Accept.js's opaqueData.dataDescriptor (COMMON.ACCEPT.INAPP.PAYMENT)",
          pattern: '^[A-Za-z0-9._]+$',
          'x-message': 'Is not valid',
          'x-required': REQUIRED,
          allOf: [
            { minLength: 1, 'x-message': REQUIRED },
            { maxLength: 100, 'x-message': 'Must be at most 100 characters' },
          ],
        },
        dataValue: requiredText(8192, "Accept.js's opaqueData.dataValue (the card, tokenized)"),
        amount: amountSchema,
        currency: currencySchema,
        metadata: metadataSchema,
        additionalData: {
          type: 'object',
          description: 'The payer (email, billTo, shipTo) and which order or quote it pays',
          'x-message': 'Must be an object',
          properties: {
            email: emailField("The payer's e-mail"),
            customerEmail: emailField("The payer's e-mail (another name)"),
            customer: { type: 'object', 'x-message': 'Must be an object', properties: { email: emailField("The payer's e-mail (another place)") } },
            billTo: anetAddress,
            shipTo: anetAddress,
            metadata: metadataSchema,
            ...metadataProperties,
          },
        },
        ...metadataProperties,
        email: ownerEmail,
      },
    },
  },
  responses: {
    200: {
      type: 'object',
      required: ['status', 'success', 'message', 'paymentStatus', 'transactionId', 'transactionResponse', 'metadata'],
      additionalProperties: false,
      properties: {
        status: { const: 200 },
        success: { const: true },
        message: { type: 'string' },
        paymentStatus: { enum: ['completed', 'on_hold'] },
        transactionId: { type: 'string' },
        transactionResponse: anetTransactionResponse,
        metadata: answeredMetadata,
      },
    },
    ...paymentErrors,
    402: refusedCharge(anetTransactionResponse),
  },
});

// ---------------------------------------------------------------------------------------------
// "Pay another way": cancel a payment that waits for the customer's bank

export const authorizeNetHostedPageEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/authorize-net/hosted-page',
  summary: "An Authorize.net Accept Hosted form token (valid 15 minutes) for the due amount, which the server decides: the browser POSTs it as `token` to `formUrl`, where the customer types the card on Authorize.net's page",
  caller: callerOwner,
  security: ['orderToken', 'quoteLink'],
  tags: ['payments'],
  invalid: { error: 'invalid_request', message: 'Payment Error' },
  request: {
    body: {
      type: 'object',
      properties: {
        amount: amountSchema,
        currency: currencySchema,
        metadata: metadataSchema,
        ...metadataProperties,
        email: ownerEmail,
        returnUrl: text(2000, 'Where Authorize.net sends the customer back (a path on the store, or a URL of the store or an allowed dealer origin); default /payment/verify/authorizenet?return=accept-hosted.'),
        cancelUrl: text(2000, 'Where Cancel on Authorize.net\'s page goes (the same rules); default the page that asked.'),
        display: {
          enum: ['redirect', 'iframe'],
          'x-message': 'Must be redirect or iframe',
          description: "redirect (default): the customer leaves for Authorize.net's page. iframe: the page shows Authorize.net's form in a frame, and the token names the store's iframe communicator (/payment/authorize-net/communicator), through which the form tells the page its size, a cancel and the transaction's response.",
        },
      },
    },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'token', 'formUrl', 'amount'],
      additionalProperties: false,
      properties: { success: { const: true }, token: { type: 'string' }, formUrl: { type: 'string' }, amount: moneySchema },
    },
    ...paymentErrors,
  },
});

export const authorizeNetHostedReturnEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/authorize-net/hosted-return',
  summary: "The customer is back from Authorize.net's Accept Hosted page, which names no transaction, or its form in a frame named one: the server finds the order's transactions by invoice number (or takes the one named), reads each from Authorize.net and records those that pay this order or quote (once, however often the customer returns)",
  caller: callerOwner,
  security: ['orderToken', 'quoteLink'],
  tags: ['payments'],
  invalid: { error: 'invalid_request', message: 'Payment Error' },
  request: {
    body: {
      type: 'object',
      properties: {
        metadata: metadataSchema,
        ...metadataProperties,
        email: ownerEmail,
        transactionId: {
          type: 'string',
          pattern: '^[0-9]{1,20}$',
          'x-message': 'Must be the transaction number Authorize.net gave (digits)',
          description: "The transId of Authorize.net's transactResponse, when the form was shown in a frame: the server reads that transaction from Authorize.net and records it only if it pays this order or quote. Without it, the order's transactions are found by invoice number.",
        },
      },
    },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'transactionId', 'status', 'amount'],
      additionalProperties: false,
      properties: { success: { type: 'boolean' }, transactionId: { type: 'string' }, status: paymentStatus, amount: moneySchema },
    },
    ...paymentErrors,
  },
});

export const cancelWaitingPaymentEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/waiting/cancel',
  summary:
    "\"Pay another way\": voids the payments of the order or quote that wait for the customer's bank (the test gateway's authentication, a Stripe PaymentIntent, a PayPal order not captured), for its owner only. While one waits, every charge answers 409 `payment_waiting`.",
  caller: callerOwner,
  security: ['orderToken', 'quoteLink'],
  tags: ['payments'],
  invalid: { error: 'invalid_request', message: FORM_FAILED },
  request: {
    body: { type: 'object', properties: { metadata: metadataSchema, ...metadataProperties, email: ownerEmail } },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'cancelled', 'message'],
      additionalProperties: false,
      properties: {
        success: { const: true },
        message: { type: 'string' },
        cancelled: {
          type: 'array',
          items: { type: 'object', required: ['gateway', 'transactionId'], additionalProperties: false, properties: { gateway: { enum: ['test', 'stripe', 'paypal', 'authorizenet'] }, transactionId: { type: 'string' } } },
        },
      },
    },
    ...paymentErrors,
  },
});

// ---------------------------------------------------------------------------------------------
// Verify

const transactionIdField = {
  type: 'string',
  'x-message': 'This field is required',
  pattern: '^[A-Za-z0-9_:.-]{1,200}$',
} as const;

/** The order inside verify's answer: the orders room's view, with the order's access token for the holder of its token or the quote's link. */
const verifiedOrder = {
  ...orderViewSchema,
  description: "The order after the payment (its API view); `accessToken` only for the holder of the order's token or the quote's link",
  properties: { ...orderViewSchema.properties, accessToken: { type: 'string', description: "The order's access token (not for a caller who proved it by e-mail)" } },
} as const;

export const paymentVerifyEndpoint = endpoint({
  method: 'POST',
  path: '/api/payment/:method/verify',
  summary: 'Verify a payment with its gateway, convert the quote if needed, update the order. The transaction id proves nothing: the caller proves it owns the payment\'s order or quote. `order.accessToken` is answered only to the order token\'s or the quote link\'s holder.',
  caller: "the owner of the payment's order or quote (the order's access token, the quote's link token, or the order's `email` for a split payment)",
  security: ['orderToken', 'quoteLink'],
  tags: ['payments', 'orders'],
  invalid: { error: 'validation_failed', message: 'The payment to verify is missing.' },
  request: {
    params: {
      type: 'object',
      required: ['method'],
      properties: {
        method: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,50}$', description: 'Payment method name (card, paypal ...) or gateway (stripe, paypal, authorizenet, test)', 'x-message': 'Payment method not available' },
      },
    },
    body: {
      type: 'object',
      description: 'One of transactionId, paymentIntentId, orderId (PayPal) or token names the payment',
      properties: {
        transactionId: transactionIdField,
        paymentIntentId: transactionIdField,
        orderId: { ...transactionIdField, description: "PayPal's order id" },
        token: { ...transactionIdField, description: "PayPal's order id, as its return address names it" },
        paymentIntentClientSecret: { type: 'string', maxLength: 500 },
        metadata: { type: 'object' },
        email: ownerEmail,
      },
    },
  },
  responses: {
    200: {
      type: 'object',
      description: 'The verify response of 001 §3',
      required: ['error', 'success', 'status', 'message', 'transactionId', 'transactionResponse', 'metadata', 'order', 'orderStatus', 'partialPayment', 'remainingBalance', 'sendConfirmationEmail', 'adminEmail'],
      additionalProperties: false,
      properties: {
        error: { type: 'boolean' },
        success: { type: 'boolean' },
        status: paymentStatus,
        message: { type: 'string' },
        transactionId: { type: 'string' },
        transactionResponse: { type: 'object', required: ['amount', 'currency', 'status'], properties: { amount: moneySchema, currency: { type: 'string' }, status: paymentStatus } },
        metadata: {
          type: 'object',
          required: ['orderId', 'orderIncrementId', 'paymentId'],
          additionalProperties: false,
          properties: { orderId: { type: 'string' }, orderIncrementId: { type: 'string' }, paymentId: { type: 'string' }, quoteId: { type: 'string' } },
        },
        order: verifiedOrder,
        orderStatus: { type: 'string' },
        partialPayment: { type: 'boolean' },
        remainingBalance: moneySchema,
        sendConfirmationEmail: { type: 'boolean' },
        adminEmail: { type: 'array', items: { type: 'string' } },
      },
    },
    400: errorSchema,
    402: errorSchema,
    404: errorSchema,
    409: errorSchema,
    413: errorSchema,
    415: errorSchema,
    429: errorSchema,
    502: errorSchema,
    503: errorSchema,
  },
});

// ---------------------------------------------------------------------------------------------
// The payment methods a page offers

const { scopes: _scopes, config: _config, ...offeredMethodProperties } = paymentMethodSchema.properties;

export const paymentMethodsEndpoint = endpoint({
  method: 'GET',
  path: '/api/payment-methods',
  summary: 'The enabled payment methods for a scope, each with its public client settings and whether its gateway is configured',
  caller: 'anyone (the checkout, quote payment and split payment pages)',
  tags: ['payments'],
  invalid: { error: 'invalid_scope', message: 'Unknown payment scope.' },
  request: {
    query: {
      type: 'object',
      properties: {
        scope: { enum: PAYMENT_SCOPES, description: 'Where the methods are offered; default: all', 'x-message': `Must be one of ${PAYMENT_SCOPES.join(', ')}` },
      },
    },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'paymentMethods'],
      additionalProperties: false,
      properties: {
        success: { const: true },
        paymentMethods: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'title', 'enabled', 'gateway', 'configured', 'config'],
            additionalProperties: false,
            properties: {
              ...offeredMethodProperties,
              configured: { type: 'boolean', description: "Whether the gateway's keys are set on this server" },
              config: {
                type: 'object',
                description: "The gateway's public client settings (from the definition, the environment's win)",
                additionalProperties: false,
                properties: {
                  acceptJsUrl: { type: 'string' },
                  clientKey: { type: 'string' },
                  loginId: { type: 'string' },
                  publishableKey: { type: 'string' },
                  clientId: { type: 'string' },
                },
              },
            },
          },
        },
      },
    },
    400: errorSchema,
  },
});

// ---------------------------------------------------------------------------------------------
// Webhooks: the raw body is the provider's and is checked by its signature (server/api/webhooks.ts);
// the contract says the signature headers that must come with it.

const INVALID_SIGNATURE = 'Invalid webhook signature.';

const webhookAnswer = {
  type: 'object',
  required: ['received', 'applied'],
  additionalProperties: false,
  properties: {
    received: { const: true },
    applied: { type: 'boolean', description: 'Whether the payment the event names was recorded' },
    status: paymentStatus,
    message: { type: 'string', description: 'Why the orders room did not apply it (a retry would not help)' },
  },
} as const;

const webhookErrors = { 400: errorSchema, 413: errorSchema, 502: errorSchema, 503: errorSchema } as const;

function signatureHeader<const P extends string>(pattern: P, description: string) {
  return { type: 'string', pattern, maxLength: 2000, description, 'x-message': INVALID_SIGNATURE, 'x-required': INVALID_SIGNATURE } as const;
}

export const stripeWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/api/webhooks/stripe',
  summary: "Stripe's events: the raw body is checked against Stripe-Signature, then the PaymentIntent is read back from Stripe",
  caller: 'Stripe (the signature over the raw body proves it)',
  tags: ['payments', 'webhooks'],
  invalid: { error: 'invalid_signature', message: INVALID_SIGNATURE },
  request: {
    headers: {
      type: 'object',
      required: ['stripe-signature'],
      properties: { 'stripe-signature': signatureHeader('^[a-z0-9]+=[A-Za-z0-9]+(,[a-z0-9]+=[A-Za-z0-9]+)*$', 't=<timestamp>,v1=<HMAC-SHA256>') },
    },
  },
  responses: { 200: webhookAnswer, ...webhookErrors },
});

export const paypalWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/api/webhooks/paypal',
  summary: "PayPal's events: checked with PayPal's verify-webhook-signature (its transmission headers), then the order is read back from PayPal",
  caller: 'PayPal (verified by PayPal from the transmission headers)',
  tags: ['payments', 'webhooks'],
  invalid: { error: 'invalid_signature', message: INVALID_SIGNATURE },
  request: {
    headers: {
      type: 'object',
      required: ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'],
      properties: {
        'paypal-auth-algo': signatureHeader('^[A-Za-z0-9]+with[A-Za-z0-9]+$', 'SHA256withRSA'),
        'paypal-cert-url': signatureHeader('^https://', "PayPal's certificate"),
        'paypal-transmission-id': signatureHeader('^[A-Za-z0-9-]{8,100}$', 'The delivery id'),
        'paypal-transmission-sig': signatureHeader('^[A-Za-z0-9+/=_-]+$', 'The signature (base64)'),
        'paypal-transmission-time': signatureHeader('^[0-9]{4}-[0-9]{2}-[0-9]{2}T', 'When it was sent (ISO 8601)'),
      },
    },
  },
  responses: { 200: webhookAnswer, ...webhookErrors },
});

export const authorizeNetWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/api/webhooks/authorize-net',
  summary: "Authorize.net's events: the raw body is checked against X-ANET-Signature (HMAC-SHA512), then the transaction is read back from Authorize.net",
  caller: 'Authorize.net (the signature over the raw body proves it)',
  tags: ['payments', 'webhooks'],
  invalid: { error: 'invalid_signature', message: INVALID_SIGNATURE },
  request: {
    headers: {
      type: 'object',
      required: ['x-anet-signature'],
      properties: { 'x-anet-signature': signatureHeader('^sha512=[0-9a-fA-F]{128}$', 'sha512=<HMAC-SHA512 of the raw body, hex>') },
    },
  },
  responses: { 200: webhookAnswer, ...webhookErrors },
});

/** Every contract of this room, for the registry (schemas/api/index.ts). */
export const paymentEndpoints = [
  testChargeEndpoint,
  testAuthenticationPageEndpoint,
  testAuthenticationEndpoint,
  stripeCreateIntentEndpoint,
  stripeUpdateIntentEndpoint,
  stripeCaptureEndpoint,
  stripeRetrieveIntentEndpoint,
  paypalCreateOrderEndpoint,
  paypalUpdateOrderEndpoint,
  paypalCaptureEndpoint,
  authorizeNetTransactionEndpoint,
  authorizeNetHostedPageEndpoint,
  authorizeNetHostedReturnEndpoint,
  cancelWaitingPaymentEndpoint,
  paymentVerifyEndpoint,
  paymentMethodsEndpoint,
  stripeWebhookEndpoint,
  paypalWebhookEndpoint,
  authorizeNetWebhookEndpoint,
] as const;
