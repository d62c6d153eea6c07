/**
 * The account endpoints in the OpenAPI document (./openapi-document.ts spreads these in). See
 * docs/accounts.md for the rules behind them.
 */
import { moneySchema } from '../../schemas/api/endpoint';

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = (description: string, schema: object) => ({ description, content: json(schema) });
const error = (description: string) => ({ description, content: json(ref('Error')) });
const money = moneySchema;
const idParam = (description: string) => ({ name: 'id', in: 'path', required: true, schema: { type: 'string' }, description });
const pageParams = [
  { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'pageSize', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
];

/** Either credential; a cookie-authenticated POST, PATCH or DELETE also needs the store's Origin. */
const signedIn = [{ customerToken: [] }, { customerSession: [] }];
const unauthorized = error("'Please sign in to continue.' (no, an unknown, an ended or an expired session)");
const crossSite = error('forbidden_origin: a cookie-authenticated change without the store\'s own Origin');
const success = (description: string, data?: object) => ok(description, { type: 'object', properties: { success: { const: true }, message: { type: 'string' }, ...(data ? { data } : {}) } });

export const accountSecuritySchemes = {
  customerToken: { type: 'http', scheme: 'bearer', description: 'The accessToken of POST /api/my-account/login (API clients). Needs no Origin.' },
  customerSession: { type: 'apiKey', in: 'cookie', name: 'showroom_session', description: 'Set by POST /api/my-account/login: httpOnly, SameSite=Lax, Secure on https. POST, PATCH and DELETE with it need Origin = the store origin.' },
} as const;

const savedAddress = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    type: { enum: ['shipping', 'billing'] },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    company: { type: 'string' },
    street1: { type: 'string' },
    street2: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    zipCode: { type: 'string' },
    countryId: { type: 'string', default: 'US' },
    phoneNumber: { type: 'string' },
    email: { type: 'string', description: "Defaults to the account's e-mail" },
    isDefault: { type: 'boolean', description: 'The default address of its own type' },
    isDefaultShipping: { type: 'boolean' },
    isDefaultBilling: { type: 'boolean' },
  },
};

const { id: _id, isDefaultShipping: _s, isDefaultBilling: _b, ...writableAddress } = savedAddress.properties;
const addressInput = {
  type: 'object',
  description: 'Checked with the checkout field rules (002 §5). isDefault makes it the default of its type; defaultShipping / defaultBilling set either kind; true makes it the only default of that kind, false stops it being it.',
  properties: { ...writableAddress, defaultShipping: { type: 'boolean' }, defaultBilling: { type: 'boolean' } },
};

const me = {
  type: 'object',
  properties: {
    user: { type: 'object', properties: { email: { type: 'string' }, firstName: { type: 'string' }, lastName: { type: 'string' }, phone: { type: 'string' }, customer: { type: 'integer', description: 'The customer id' } } },
    customer: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        email: { type: 'string' },
        firstName: { type: 'string' },
        lastName: { type: 'string' },
        phoneNumber: { type: 'string' },
        addresses: { type: 'array', items: savedAddress },
        defaultShipping: { type: ['integer', 'null'], description: 'Address id' },
        defaultBilling: { type: ['integer', 'null'], description: 'Address id' },
      },
    },
  },
};

const password = { type: 'string', minLength: 10, maxLength: 200, description: 'At least 10 characters, not one of the common passwords, not the e-mail' };
const listOf = (item: object) => ({ type: 'object', properties: { items: { type: 'array', items: item }, total: { type: 'integer' }, page: { type: 'integer' }, pageSize: { type: 'integer' } } });

export const accountPaths = {
  '/api/my-account/register': {
    post: {
      summary: 'Create an account. A taken e-mail gets the same 202 (its owner is e-mailed instead); sign in next.',
      requestBody: { content: json({ type: 'object', required: ['email', 'password', 'firstName', 'lastName'], properties: { email: { type: 'string', format: 'email' }, password, firstName: { type: 'string' }, lastName: { type: 'string' }, phone: { type: 'string' } } }) },
      responses: { 202: success('Accepted'), 400: error('validation_failed with fields'), 403: error('A foreign Origin'), 429: error('20 registrations or reset requests an hour from one address; Retry-After') },
    },
  },
  '/api/my-account/login': {
    post: {
      summary: 'Sign in: sets the session cookie and returns a bearer access token (both new at every sign-in)',
      requestBody: {
        content: json({
          type: 'object',
          required: ['email', 'password'],
          properties: { email: { type: 'string' }, password: { type: 'string' }, recaptchaToken: { type: 'string', description: 'Needed after ten wrong passwords in a row for the e-mail (see 400 captcha_required)' } },
        }),
      },
      responses: {
        200: ok('Signed in', { type: 'object', properties: { success: { const: true }, message: { type: 'string' }, accessToken: { type: 'string' }, tokenType: { const: 'Bearer' }, expiresAt: { type: 'string', format: 'date-time' }, data: me } }),
        400: error('validation_failed; or captcha_required (fields.recaptchaToken): past ten wrong passwords in a row for the e-mail, the password is checked only with a valid recaptchaToken'),
        401: error("'Invalid email or password.' for an unknown e-mail and a wrong password alike; from the tenth wrong password in a row, fields.recaptchaToken says the next try needs the captcha"),
        403: error('A foreign Origin'),
        429: error('The hundredth wrong password in an hour from one address (blocked for an hour); Retry-After'),
      },
    },
  },
  '/api/my-account/logout': {
    post: { summary: 'Sign out: the session (cookie and token of that sign-in) ends on the server', security: signedIn, responses: { 200: success('Signed out'), 401: unauthorized, 403: crossSite } },
  },
  '/api/my-account/password-reset': {
    post: {
      summary: 'E-mail a single-use reset link valid for 1 hour (always the same answer)',
      requestBody: { content: json({ type: 'object', required: ['email'], properties: { email: { type: 'string' } } }) },
      responses: { 200: success('The same for every e-mail'), 400: error('validation_failed'), 403: error('A foreign Origin'), 429: error('Too many requests from one address; Retry-After') },
    },
  },
  '/api/my-account/password-reset/confirm': {
    post: {
      summary: 'Set a new password from a reset link; every other session of the account ends',
      requestBody: { content: json({ type: 'object', required: ['token', 'password'], properties: { token: { type: 'string' }, password } }) },
      responses: { 200: success('Changed'), 400: error("invalid_token 'This password reset link is invalid or has expired.' (unknown, used or expired), or validation_failed for the password"), 403: error('A foreign Origin') },
    },
  },
  '/api/my-account/me': {
    get: { summary: 'The signed-in customer (002 §3)', security: signedIn, responses: { 200: ok('success, data {user, customer}', { type: 'object', properties: { success: { const: true }, data: me } }), 401: unauthorized } },
  },
  '/api/my-account/checkout-prefill': {
    get: {
      summary: 'The checkout prefill (002 §3): customerId, email, firstName, lastName, phone and the bill_ / ship_ fields from the default addresses',
      security: signedIn,
      responses: { 200: success('The prefill, in the checkout form field names', { type: 'object', additionalProperties: { type: ['string', 'boolean', 'integer'] } }), 401: unauthorized },
    },
  },
  '/api/my-account/address': {
    get: { summary: 'The saved addresses', security: signedIn, responses: { 200: success('The addresses', { type: 'array', items: savedAddress }), 401: unauthorized } },
    post: {
      summary: 'Save an address (the first one becomes the default of both kinds)',
      security: signedIn,
      requestBody: { content: json(addressInput) },
      responses: { 201: success('Saved', savedAddress), 400: error('validation_failed with the checkout field messages'), 401: unauthorized, 403: crossSite, 409: error('At most 50 addresses') },
    },
  },
  '/api/my-account/address/{id}': {
    get: { summary: 'One saved address', security: signedIn, parameters: [idParam('Address id')], responses: { 200: success('The address', savedAddress), 401: unauthorized, 404: error("'Address not found.' (also another customer's)") } },
    patch: {
      summary: 'Change an address or its defaults (fields not sent stay as they are)',
      security: signedIn,
      parameters: [idParam('Address id')],
      requestBody: { content: json(addressInput) },
      responses: { 200: success('Saved', savedAddress), 400: error('validation_failed'), 401: unauthorized, 403: crossSite, 404: error("'Address not found.'") },
    },
    delete: { summary: 'Delete an address (a default it was becomes unset)', security: signedIn, parameters: [idParam('Address id')], responses: { 200: success('Deleted'), 401: unauthorized, 403: crossSite, 404: error("'Address not found.'") } },
  },
  '/api/my-account/orders': {
    get: {
      summary: "The customer's orders, newest first (only those placed while signed in)",
      security: signedIn,
      parameters: pageParams,
      responses: {
        200: success('A page of orders', listOf({ type: 'object', properties: { id: { type: 'integer' }, orderIncrementId: { type: 'string' }, createdAt: { type: 'string' }, status: { type: 'string' }, total: money, totalItemCount: { type: 'integer' }, shippingLabel: { type: 'string' }, paymentMethodLabel: { type: 'string' }, splitPaymentEnabled: { type: 'boolean' } } })),
        401: unauthorized,
      },
    },
  },
  '/api/my-account/orders/{id}': {
    get: { summary: 'One of the customer orders, read-only (002 §2)', security: signedIn, parameters: [idParam('Order id or increment id')], responses: { 200: success('The order', ref('Order')), 401: unauthorized, 404: error("'Order not found.' (also another customer's)") } },
  },
  '/api/my-account/quotes': {
    get: {
      summary: "The customer's quotes, newest first",
      security: signedIn,
      parameters: pageParams,
      responses: { 200: success('A page of quotes', listOf({ type: 'object', properties: { id: { type: 'integer' }, quoteIncrementId: { type: 'string' }, createdAt: { type: 'string' }, status: { type: 'string' }, total: money, poNumber: { type: 'string' }, orderId: { type: ['integer', 'null'] } } })), 401: unauthorized },
    },
  },
  '/api/my-account/quotes/{id}': {
    get: {
      summary: 'One of the customer quotes, read-only, with the payments of the order it became (002 §2)',
      security: signedIn,
      parameters: [idParam('Quote id or increment id')],
      responses: { 200: success('The quote', { allOf: [ref('Quote'), { type: 'object', properties: { payments: { type: 'array' } } }] }), 401: unauthorized, 404: error("'Quote not found.' (also another customer's)") },
    },
  },
} as const;
