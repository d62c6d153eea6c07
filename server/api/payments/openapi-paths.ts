/**
 * The payment and webhook routes as OpenAPI 3.1 paths, for the API document served at
 * /api/openapi.json (merge with `{ ...paths, ...paymentOpenApiPaths }`).
 */
const error = {
  description: 'The request was refused: `{error, message, fields}`.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/PaymentError' } } },
} as const;

const metadata = {
  type: 'object',
  description: 'Which order or quote the payment is for. The amount charged is computed by the server from it.',
  properties: {
    orderId: { type: 'string' },
    orderIncrementId: { type: 'string' },
    paymentId: { type: 'string' },
    quoteId: { type: 'string' },
    quoteIncrementId: { type: 'string' },
  },
} as const;

const amount = { type: 'number', exclusiveMinimum: 0, description: 'Dollars. Only a requested split amount: checked against the due amount; never trusted as the price.' } as const;

function json(schema: object, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/**
 * Every payment route names an order or a quote (directly, or through the provider object's
 * metadata) and needs its owner's proof: `Authorization: Bearer <order access token>`,
 * `Authorization: Bearer <quote link token>`, or for a split payment the order's `email` in the body.
 */
const owner = [{ orderToken: [] }, { quoteLink: [] }, {}];
const email = { type: 'string', description: "The order's e-mail: the split-payment page's proof of ownership, counted like an order lookup." } as const;

function post(summary: string, body: object, ok: object, extra: Record<string, unknown> = {}) {
  return {
    summary,
    security: owner,
    requestBody: { required: true, content: { 'application/json': { schema: body } } },
    responses: { 200: json(ok, 'Done.'), 400: error, 402: error, 404: error, 409: error, 429: error, 502: error, ...extra },
  };
}

const paymentIntent = {
  type: 'object',
  description: "Stripe's PaymentIntent, reduced (amounts in cents, as Stripe's).",
  properties: {
    id: { type: 'string' },
    status: { type: 'string' },
    amount: { type: 'integer' },
    amount_received: { type: 'integer' },
    currency: { type: 'string' },
    client_secret: { type: 'string', description: 'Only when created.' },
    metadata,
  },
} as const;

const webhook = (provider: string, header: string) => ({
  post: {
    summary: `${provider} webhook: the raw body is checked against ${header}, then the payment is read back from ${provider}.`,
    requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
    responses: {
      200: json({ type: 'object', properties: { received: { const: true }, applied: { type: 'boolean' }, status: { type: 'string' } } }, 'Received.'),
      400: error,
      503: error,
    },
  },
});

export const paymentOpenApiComponents = {
  securitySchemes: {
    orderToken: { type: 'http', scheme: 'bearer', description: "The order's access token, in the Authorization header only." },
    quoteLink: { type: 'http', scheme: 'bearer', description: "The quote link's token (valid, unexpired), in the Authorization header." },
  },
  schemas: {
    PaymentError: {
      type: 'object',
      required: ['error', 'message'],
      properties: { error: { type: 'string' }, message: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } } },
    },
  },
} as const;

export const paymentOpenApiPaths = {
  '/api/payment/test/charge': {
    post: post(
      'Charge a test card with the offline test gateway (4242 4242 4242 4242 succeeds; see docs/gateways.md).',
      {
        type: 'object',
        required: ['cardNumber', 'expMonth', 'expYear', 'cardCode'],
        properties: {
          cardNumber: { type: 'string' }, expMonth: { type: 'string' }, expYear: { type: 'string' }, cardCode: { type: 'string' }, orderId: { type: 'string' }, quoteId: { type: 'string' }, amount, metadata, email,
          returnUrl: { type: 'string', description: 'Where the authentication step returns (a path on the store, or a URL of the store or an allowed dealer origin); default /payment/verify/test.' },
        },
      },
      { type: 'object', properties: { success: { const: true }, status: { type: 'string' }, transactionId: { type: 'string' }, transactionResponse: { type: 'object' }, metadata } },
    ),
  },
  '/api/payment/test/authenticate': {
    get: {
      summary: "The test gateway's authentication page (its 3-D Secure), the `nextAction.url` a 402 on_hold charge answers: plain HTML with Complete authentication and Fail authentication.",
      parameters: [
        { name: 'transactionId', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'secret', in: 'query', required: true, schema: { type: 'string' }, description: 'The one-time secret of that transaction.' },
      ],
      responses: { 200: { description: 'The page.', content: { 'text/html': { schema: { type: 'string' } } } }, 400: error, 404: error, 409: error, 410: error },
    },
    post: {
      summary: 'What the authentication form posts: uses the secret once, moves the test transaction to completed or failed, and redirects (303) to the return URL with ?transactionId=.',
      requestBody: {
        required: true,
        content: Object.fromEntries(
          ['application/x-www-form-urlencoded', 'application/json'].map((type) => [
            type,
            { schema: { type: 'object', required: ['transactionId', 'secret', 'outcome'], properties: { transactionId: { type: 'string' }, secret: { type: 'string' }, outcome: { enum: ['complete', 'fail'] } } } },
          ]),
        ),
      },
      responses: { 303: { description: 'To the return URL, with ?transactionId=.' }, 400: error, 404: error, 409: error, 410: error, 413: error, 415: error },
    },
  },
  '/api/payment/stripe/payment-intent': {
    post: post(
      'Create a Stripe PaymentIntent for the order or quote.',
      { type: 'object', properties: { paymentMethodId: { type: 'string' }, availableMethods: { type: 'array', items: { type: 'string' } }, amount, currency: { type: 'string' }, receiptEmail: { type: 'string' }, shipping: { type: 'object' }, metadata, email } },
      { type: 'object', properties: { success: { const: true }, paymentIntent, status: { type: 'string' } } },
    ),
    patch: post(
      'Update a PaymentIntent: re-priced from the server while unpaid; a paid one only gains metadata.',
      { type: 'object', required: ['paymentIntentId'], properties: { paymentIntentId: { type: 'string' }, amount, currency: { type: 'string' }, receiptEmail: { type: 'string' }, shipping: { type: 'object' }, metadata, availableMethods: { type: 'array', items: { type: 'string' } } } },
      { type: 'object', properties: { success: { const: true }, paymentIntent } },
    ),
  },
  '/api/payment/stripe/capture-payment': {
    post: post('Capture a PaymentIntent that requires capture.', { type: 'object', required: ['paymentIntentId'], properties: { paymentIntentId: { type: 'string' } } }, { type: 'object', properties: { success: { const: true }, paymentIntent, status: { type: 'string' } } }),
  },
  '/api/payment/stripe/payment-intent/retrieve': {
    post: post('Read a PaymentIntent back from Stripe.', { type: 'object', required: ['paymentIntentId'], properties: { paymentIntentId: { type: 'string' } } }, { type: 'object', properties: { success: { const: true }, paymentIntent, status: { type: 'string' } } }),
  },
  '/api/payment/paypal/order': {
    post: post(
      'Create a PayPal order for the order or quote; the response carries the approve link.',
      { type: 'object', properties: { amount, currency: { type: 'string' }, additionalData: metadata, email } },
      { type: 'object', properties: { success: { const: true }, id: { type: 'string' }, status: { type: 'string' }, response: { type: 'object', properties: { links: { type: 'array', items: { type: 'object', properties: { href: { type: 'string' }, rel: { type: 'string' } } } } } } } },
    ),
    patch: post(
      'Update an unpaid PayPal order (amount from the server).',
      { type: 'object', required: ['orderId'], properties: { orderId: { type: 'string' }, amount, currency: { type: 'string' }, additionalData: metadata } },
      { type: 'object', properties: { success: { const: true }, id: { type: 'string' } } },
    ),
  },
  '/api/payment/paypal/capture': {
    post: post(
      'Capture an approved PayPal order.',
      { type: 'object', required: ['orderId'], properties: { orderId: { type: 'string' } } },
      { type: 'object', properties: { success: { const: true }, transactionId: { type: 'string' }, status: { type: 'string' }, amount: { type: 'number' }, transactionResponse: { type: 'object' } } },
    ),
  },
  '/api/payment/authorize-net/process-transaction': {
    post: post(
      'Charge Accept.js opaque data with Authorize.net; `status: 200` in the body means success.',
      { type: 'object', required: ['dataDescriptor', 'dataValue'], properties: { dataDescriptor: { type: 'string' }, dataValue: { type: 'string' }, amount, additionalData: { type: 'object', properties: { email: { type: 'string' }, billTo: { type: 'object' }, shipTo: { type: 'object' }, orderId: { type: 'string' }, quoteId: { type: 'string' } } } } },
      { type: 'object', properties: { status: { const: 200 }, success: { const: true }, message: { type: 'string' }, transactionId: { type: 'string' }, transactionResponse: { type: 'object' } } },
    ),
  },
  '/api/payment/waiting/cancel': {
    post: post(
      "\"Pay another way\": voids the payments of the order or quote that wait for the customer's bank (the test gateway's authentication, a Stripe PaymentIntent, a PayPal order not captured), for its owner only. While one waits, every charge answers 409 `payment_waiting`.",
      { type: 'object', properties: { metadata, email } },
      {
        type: 'object',
        properties: {
          success: { const: true },
          message: { type: 'string' },
          cancelled: { type: 'array', items: { type: 'object', properties: { gateway: { type: 'string' }, transactionId: { type: 'string' } } } },
        },
      },
    ),
  },
  '/api/webhooks/stripe': webhook('Stripe', 'Stripe-Signature'),
  '/api/webhooks/paypal': webhook('PayPal', "PayPal's verify-webhook-signature"),
  '/api/webhooks/authorize-net': webhook('Authorize.net', 'X-ANET-Signature (HMAC-SHA512)'),
  '/api/payment-methods': {
    get: {
      summary: 'The enabled payment methods for a scope, each with its public client settings.',
      parameters: [{ name: 'scope', in: 'query', schema: { enum: ['sample-order', 'convert-to-order', 'complete-order-payment'] } }],
      responses: { 200: json({ type: 'object', properties: { success: { const: true }, paymentMethods: { type: 'array', items: { type: 'object' } } } }, 'The methods.'), 400: error },
    },
  },
} as const;
