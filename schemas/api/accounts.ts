/**
 * The account endpoints' contracts (server/api/my-account.ts; docs/accounts.md): register, sign in
 * and out, password reset, 'me', the checkout prefill, saved addresses, and the customer's own
 * orders and quotes (read-only).
 *
 * What the schemas say: the shape of each body (types, which fields must be there, the flags'
 * booleans, the page numbers' range). What they leave to the services, because the answer must stay
 * the one the specification words for every field at once: the field rules shared with the forms and
 * the checkout (schemas/evaluators: names, address lines, ZIP for the state, phone, the one e-mail
 * rule with its look-alikes, the password rules that need the e-mail), the address type (its message
 * comes with the other fields' messages), a reset token's form (a malformed token is answered like
 * an unknown one: invalid_token), and a path id's form (any id that is not one of the customer's is
 * the same 404).
 */
import { endpoint, errorSchema, moneySchema, successWith } from './endpoint';
import { orderViewSchema, paymentViewSchema, quoteViewSchema } from './order-view';

/** The top-level message of a refused account or address form. */
export const FORM_INVALID = 'Form validation failed. Please check your information.';
export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';
const REQUIRED = 'This field is required';
/** The message of a body that is not an object (an array, a string, null): under the field `body`. */
const NOT_AN_OBJECT = 'The request body must be a JSON object.';

/** Either credential; a cookie-authenticated POST, PATCH or DELETE also needs the store's Origin (OpenAPI securitySchemes). */
export const accountSecuritySchemes = {
  customerToken: { type: 'http', scheme: 'bearer', description: 'The accessToken of POST /api/my-account/login (API clients). Needs no Origin.' },
  customerSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'showroom_session',
    description: 'Set by POST /api/my-account/login: httpOnly, SameSite=Lax, Secure on https. POST, PATCH and DELETE with it need Origin = the store origin.',
  },
} as const;

const invalid = { error: 'validation_failed', message: FORM_INVALID } as const;
const text = { type: 'string' } as const;
const integer = { type: 'integer' } as const;

/** `{success: true, message}` */
const done = { type: 'object', required: ['success', 'message'], additionalProperties: false, properties: { success: { const: true }, message: text } } as const;

// ---- Views --------------------------------------------------------------------------------------

/** A saved address (server/services/customer-service.ts addressView). */
export const savedAddressSchema = {
  type: 'object',
  required: ['id', 'type', 'firstName', 'lastName', 'company', 'street1', 'street2', 'city', 'state', 'zipCode', 'countryId', 'phoneNumber', 'email', 'isDefault', 'isDefaultShipping', 'isDefaultBilling'],
  additionalProperties: false,
  properties: {
    id: integer,
    type: { enum: ['shipping', 'billing'] },
    firstName: text,
    lastName: text,
    company: { type: 'string', description: 'Empty when there is none' },
    street1: text,
    street2: { type: 'string', description: 'Empty when there is none' },
    city: text,
    state: text,
    zipCode: text,
    countryId: { type: 'string', description: 'Two letters, US by default' },
    phoneNumber: text,
    email: { type: 'string', description: "The account's e-mail unless the address has its own" },
    isDefault: { type: 'boolean', description: 'The default address of its own type' },
    isDefaultShipping: { type: 'boolean' },
    isDefaultBilling: { type: 'boolean' },
  },
} as const;

/** The signed-in customer: `user` and `customer` with the addresses and the two defaults. */
export const accountMeSchema = {
  type: 'object',
  required: ['user', 'customer'],
  additionalProperties: false,
  properties: {
    user: {
      type: 'object',
      required: ['email', 'firstName', 'lastName', 'phone', 'customer'],
      additionalProperties: false,
      properties: { email: text, firstName: text, lastName: text, phone: { type: 'string', description: 'Empty when none was given' }, customer: { type: 'integer', description: 'The customer id' } },
    },
    customer: {
      type: 'object',
      required: ['id', 'email', 'firstName', 'lastName', 'phoneNumber', 'addresses', 'defaultShipping', 'defaultBilling'],
      additionalProperties: false,
      properties: {
        id: integer,
        email: text,
        firstName: text,
        lastName: text,
        phoneNumber: text,
        addresses: { type: 'array', items: savedAddressSchema },
        defaultShipping: { type: ['integer', 'null'], description: 'Address id' },
        defaultBilling: { type: ['integer', 'null'], description: 'Address id' },
      },
    },
  },
} as const;

/** The checkout prefill, in the checkout form's field names. */
export const checkoutPrefillSchema = {
  type: 'object',
  description: 'Billing from the default billing address, shipping from the default shipping address, each falling back to the other; the billing e-mail is the account\'s',
  required: [
    'customerId', 'email', 'firstName', 'lastName', 'phone',
    'bill_first_name', 'bill_last_name', 'bill_email', 'bill_phone', 'bill_address_1', 'bill_address_2', 'bill_country', 'bill_state', 'bill_city', 'bill_zip',
    'ship_first_name', 'ship_last_name', 'ship_email', 'ship_phone', 'ship_address_1', 'ship_address_2', 'ship_country', 'ship_state', 'ship_city', 'ship_zip',
    'same_as_billing',
  ],
  additionalProperties: false,
  properties: {
    customerId: integer,
    email: text,
    firstName: text,
    lastName: text,
    phone: text,
    bill_first_name: text,
    bill_last_name: text,
    bill_email: text,
    bill_phone: text,
    bill_address_1: text,
    bill_address_2: text,
    bill_country: text,
    bill_state: text,
    bill_city: text,
    bill_zip: text,
    ship_first_name: text,
    ship_last_name: text,
    ship_email: text,
    ship_phone: text,
    ship_address_1: text,
    ship_address_2: text,
    ship_country: text,
    ship_state: text,
    ship_city: text,
    ship_zip: text,
    same_as_billing: { type: 'boolean' },
  },
} as const;

export const orderSummarySchema = {
  type: 'object',
  required: ['id', 'orderIncrementId', 'createdAt', 'status', 'total', 'totalItemCount', 'shippingLabel', 'paymentMethodLabel', 'splitPaymentEnabled'],
  additionalProperties: false,
  properties: {
    id: integer,
    orderIncrementId: text,
    createdAt: text,
    status: orderViewSchema.properties.status,
    total: moneySchema,
    totalItemCount: integer,
    shippingLabel: text,
    paymentMethodLabel: text,
    splitPaymentEnabled: { type: 'boolean' },
  },
} as const;

export const quoteSummarySchema = {
  type: 'object',
  required: ['id', 'quoteIncrementId', 'createdAt', 'status', 'total', 'poNumber', 'orderId'],
  additionalProperties: false,
  properties: {
    id: integer,
    quoteIncrementId: text,
    createdAt: text,
    status: quoteViewSchema.properties.status,
    total: moneySchema,
    poNumber: { type: 'string', description: 'Empty when there is none' },
    orderId: { type: ['integer', 'null'], description: 'The order made from the quote, once paid' },
  },
} as const;

const pageInfo = { total: { type: 'integer', description: 'How many there are in all' }, page: { type: 'integer', minimum: 1 }, pageSize: { type: 'integer', minimum: 1, maximum: 100 } } as const;

export const orderPageSchema = {
  type: 'object',
  required: ['items', 'total', 'page', 'pageSize'],
  additionalProperties: false,
  properties: { items: { type: 'array', items: orderSummarySchema }, ...pageInfo },
} as const;

export const quotePageSchema = {
  type: 'object',
  required: ['items', 'total', 'page', 'pageSize'],
  additionalProperties: false,
  properties: { items: { type: 'array', items: quoteSummarySchema }, ...pageInfo },
} as const;

const { expiresAt: _linkExpiry, ...quoteProperties } = quoteViewSchema.properties;

/** A quote in the account: the link holder's view without the link's expiry, with the payments of the order it became. */
export const accountQuoteSchema = {
  type: 'object',
  required: [
    'id', 'quoteIncrementId', 'poNumber', 'createdAt', 'status', 'firstName', 'lastName', 'email', 'phone', 'addresses', 'items', 'subtotal', 'shippingAmount',
    'shippingMethod', 'shippingLabel', 'taxAmount', 'discountAmount', 'total', 'additionalNotes', 'splitPaymentEnabled', 'minimumSplitAmount', 'orderId', 'payments',
  ],
  additionalProperties: false,
  properties: { ...quoteProperties, payments: { type: 'array', items: paymentViewSchema, description: 'Of the order the quote became; empty before' } },
} as const;

// ---- Requests -----------------------------------------------------------------------------------

/** An e-mail: its form is the one e-mail rule's (schemas/evaluators/email-address.ts, in the service). */
const email = { type: 'string', maxLength: 1000, 'x-message': 'Invalid email address', 'x-required': REQUIRED } as const;
/** A new password: its rules (10 to 200 characters, not a common one, not the e-mail) are ./password-rules in the service. */
const newPassword = { type: 'string', description: 'At least 10 characters, at most 200, not one of the common passwords, not the e-mail', 'x-message': REQUIRED, 'x-required': REQUIRED } as const;
/** A name: letters and spaces, 2 to 50 (the checkout's rule, in the service). */
const personName = (label: string) => ({ type: 'string', maxLength: 1000, description: 'Letters and spaces, 2 to 50 characters', 'x-message': `${label} must be text`, 'x-required': REQUIRED }) as const;

const addressText = (label: string, description: string) => ({ type: 'string', maxLength: 1000, description, 'x-message': `${label} must be text` }) as const;
const addressOptionalText = (label: string, description: string) => ({ type: ['string', 'null'], maxLength: 1000, description, 'x-message': `${label} must be text` }) as const;
const flag = (name: string, description: string) => ({ type: ['boolean', 'null'], 'x-message': `${name} must be true or false`, description }) as const;

/**
 * A saved address's fields, checked with the checkout field rules in the service. On PATCH
 * the fields not sent stay as they are. isDefault makes it the default of its own type;
 * defaultShipping / defaultBilling set either kind: true makes it the only default of that kind,
 * false stops it being it.
 */
const addressInputProperties = {
  type: { type: 'string', description: 'shipping (the default) or billing', 'x-message': 'Address type must be shipping or billing' },
  firstName: addressText('firstName', 'Letters and spaces, 2 to 50 characters'),
  lastName: addressText('lastName', 'Letters and spaces, 2 to 50 characters'),
  company: addressOptionalText('company', 'Optional; at most 100 characters'),
  street1: addressText('street1', "Letters, digits, spaces and , ' . -"),
  street2: addressOptionalText('street2', 'Optional; as street1'),
  city: addressText('city', 'Letters, digits and spaces'),
  state: addressText('state', 'A USPS code (TX) in the US'),
  zipCode: addressText('zipCode', "Digits; in the US 5 (or 9) within the state's prefixes"),
  countryId: addressText('countryId', 'Two letters, US by default'),
  phoneNumber: addressText('phoneNumber', 'Exactly 10 digits'),
  email: addressOptionalText('email', "Defaults to the account's e-mail"),
  isDefault: flag('isDefault', 'Make it (or stop it being) the default of its own type'),
  defaultShipping: flag('defaultShipping', 'Make it (or stop it being) the default shipping address'),
  defaultBilling: flag('defaultBilling', 'Make it (or stop it being) the default billing address'),
} as const;

const addressInput = { type: 'object', 'x-message': NOT_AN_OBJECT, properties: addressInputProperties } as const;

const idParams = (description: string) => ({ type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, description } } }) as const;

const pageQuery = {
  type: 'object',
  properties: {
    page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$', description: 'From 1 (default 1)', 'x-message': 'page must be a whole number from 1' },
    pageSize: { type: 'string', pattern: '^(?:[1-9][0-9]?|100)$', description: '1 to 100 (default 20)', 'x-message': 'pageSize must be a whole number from 1 to 100' },
  },
} as const;

// ---- Contracts ----------------------------------------------------------------------------------

const tags = ['account'] as const;
const signedIn = 'the signed-in customer (session cookie, with the store\'s Origin on a change; or the bearer access token)';
/** The signed-in endpoints' credentials: the login's token, or the session cookie (with the store's Origin on writes). */
const customerCredentials = ['customerToken', 'customerSession'] as const;

export const registerEndpoint = endpoint({
  method: 'POST',
  path: '/api/my-account/register',
  summary: 'Create an account. A taken e-mail gets the same 202 (its owner is e-mailed instead); sign in next.',
  caller: "anyone, from the store's own pages or without an Origin (an API client)",
  tags,
  request: {
    body: {
      type: 'object',
      'x-message': NOT_AN_OBJECT,
      required: ['email', 'password', 'firstName', 'lastName'],
      properties: {
        email,
        password: newPassword,
        firstName: personName('firstName'),
        lastName: personName('lastName'),
        phone: { type: 'string', maxLength: 1000, description: 'Optional; 10 digits', 'x-message': 'phone must be text' },
      },
    },
  },
  responses: {
    202: done,
    400: errorSchema,
    403: { ...errorSchema, description: 'A foreign Origin' },
    429: { ...errorSchema, description: '20 registrations or reset requests an hour from one address; Retry-After' },
  },
  invalid,
});

export const loginEndpoint = endpoint({
  method: 'POST',
  path: '/api/my-account/login',
  summary: 'Sign in: sets the session cookie and returns a bearer access token (both new at every sign-in)',
  caller: "anyone, from the store's own pages or without an Origin (an API client)",
  tags,
  request: {
    body: {
      type: 'object',
      'x-message': NOT_AN_OBJECT,
      required: ['email', 'password'],
      properties: {
        email,
        password: { type: 'string', minLength: 1, 'x-message': REQUIRED, 'x-required': REQUIRED, allOf: [{ maxLength: 1000, 'x-message': INVALID_CREDENTIALS }] },
        recaptchaToken: { type: 'string', maxLength: 4000, description: 'Needed after ten wrong passwords in a row for the e-mail (see 400 captcha_required)', 'x-message': 'Please complete the reCAPTCHA verification' },
      },
    },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'message', 'accessToken', 'tokenType', 'expiresAt', 'data'],
      additionalProperties: false,
      properties: { success: { const: true }, message: text, accessToken: text, tokenType: { const: 'Bearer' }, expiresAt: { type: 'string', format: 'date-time' }, data: accountMeSchema },
    },
    400: { ...errorSchema, description: 'validation_failed; or captcha_required (fields.recaptchaToken): past ten wrong passwords in a row for the e-mail, the password is checked only with a valid recaptchaToken' },
    401: { ...errorSchema, description: "'Invalid email or password.' for an unknown e-mail and a wrong password alike; from the tenth wrong password in a row, fields.recaptchaToken says the next try needs the captcha" },
    403: { ...errorSchema, description: 'A foreign Origin' },
    429: { ...errorSchema, description: 'The hundredth wrong password in an hour from one address (blocked for an hour); Retry-After' },
  },
  invalid,
});

export const logoutEndpoint = endpoint({
  method: 'POST',
  path: '/api/my-account/logout',
  summary: 'Sign out: the session (cookie and token of that sign-in) ends on the server',
  caller: signedIn,
  security: customerCredentials,
  tags,
  responses: { 200: done, 401: errorSchema, 403: errorSchema },
});

export const passwordResetEndpoint = endpoint({
  method: 'POST',
  path: '/api/my-account/password-reset',
  summary: 'E-mail a single-use reset link valid for 1 hour (always the same answer)',
  caller: "anyone, from the store's own pages or without an Origin",
  tags,
  request: { body: { type: 'object', 'x-message': NOT_AN_OBJECT, required: ['email'], properties: { email } } },
  responses: { 200: done, 400: errorSchema, 403: { ...errorSchema, description: 'A foreign Origin' }, 429: { ...errorSchema, description: 'Too many requests from one address; Retry-After' } },
  invalid,
});

export const passwordResetConfirmEndpoint = endpoint({
  method: 'POST',
  path: '/api/my-account/password-reset/confirm',
  summary: 'Set a new password from a reset link; every other session of the account ends',
  caller: "the holder of a reset link, from the store's own pages or without an Origin",
  tags,
  request: {
    body: {
      type: 'object',
      'x-message': NOT_AN_OBJECT,
      required: ['token', 'password'],
      properties: {
        token: { type: 'string', maxLength: 1000, description: "The link's token (43 characters); an unknown, used, expired or malformed one is 400 invalid_token", 'x-message': RESET_LINK_INVALID, 'x-required': RESET_LINK_INVALID },
        password: newPassword,
      },
    },
  },
  responses: { 200: done, 400: { ...errorSchema, description: "invalid_token 'This password reset link is invalid or has expired.' (unknown, used or expired), or validation_failed for the password" }, 403: { ...errorSchema, description: 'A foreign Origin' } },
  invalid,
});

export const meEndpoint = endpoint({
  method: 'GET',
  path: '/api/my-account/me',
  summary: 'The signed-in customer (002 §3)',
  caller: signedIn,
  security: customerCredentials,
  tags,
  responses: { 200: successWith(accountMeSchema), 401: errorSchema },
});

export const checkoutPrefillEndpoint = endpoint({
  method: 'GET',
  path: '/api/my-account/checkout-prefill',
  summary: 'The checkout prefill (002 §3): customerId, email, firstName, lastName, phone and the bill_ / ship_ fields from the default addresses',
  caller: signedIn,
  security: customerCredentials,
  tags,
  responses: { 200: successWith(checkoutPrefillSchema), 401: errorSchema },
});

export const addressListEndpoint = endpoint({
  method: 'GET',
  path: '/api/my-account/address',
  summary: 'The saved addresses',
  caller: signedIn,
  security: customerCredentials,
  tags,
  responses: { 200: successWith({ type: 'array', items: savedAddressSchema }), 401: errorSchema },
});

const savedAnswer = { type: 'object', required: ['success', 'message', 'data'], additionalProperties: false, properties: { success: { const: true }, message: text, data: savedAddressSchema } } as const;

export const addressCreateEndpoint = endpoint({
  method: 'POST',
  path: '/api/my-account/address',
  summary: 'Save an address (the first one becomes the default of both kinds)',
  caller: signedIn,
  security: customerCredentials,
  tags,
  request: { body: addressInput },
  responses: {
    201: savedAnswer,
    400: { ...errorSchema, description: 'validation_failed with the checkout field messages' },
    401: errorSchema,
    403: errorSchema,
    409: { ...errorSchema, description: 'At most 50 addresses' },
  },
  invalid,
});

export const addressReadEndpoint = endpoint({
  method: 'GET',
  path: '/api/my-account/address/:id',
  summary: 'One saved address',
  caller: signedIn,
  security: customerCredentials,
  tags,
  request: { params: idParams('Address id') },
  responses: { 200: successWith(savedAddressSchema), 401: errorSchema, 404: { ...errorSchema, description: "'Address not found.' (also another customer's)" } },
});

export const addressUpdateEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/my-account/address/:id',
  summary: 'Change an address or its defaults (fields not sent stay as they are)',
  caller: signedIn,
  security: customerCredentials,
  tags,
  request: { params: idParams('Address id'), body: addressInput },
  responses: { 200: savedAnswer, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: { ...errorSchema, description: "'Address not found.'" } },
  invalid,
});

export const addressDeleteEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/my-account/address/:id',
  summary: 'Delete an address (a default it was becomes unset)',
  caller: signedIn,
  security: customerCredentials,
  tags,
  request: { params: idParams('Address id') },
  responses: { 200: done, 401: errorSchema, 403: errorSchema, 404: { ...errorSchema, description: "'Address not found.'" } },
});

export const ordersEndpoint = endpoint({
  method: 'GET',
  path: '/api/my-account/orders',
  summary: "The customer's orders, newest first (only those placed while signed in)",
  caller: signedIn,
  security: customerCredentials,
  tags,
  request: { query: pageQuery },
  responses: { 200: successWith(orderPageSchema), 400: errorSchema, 401: errorSchema },
});

export const orderEndpoint = endpoint({
  method: 'GET',
  path: '/api/my-account/orders/:id',
  summary: 'One of the customer orders, read-only (002 §2)',
  caller: signedIn,
  security: customerCredentials,
  tags,
  request: { params: idParams('Order id or increment id') },
  responses: { 200: successWith(orderViewSchema), 401: errorSchema, 404: { ...errorSchema, description: "'Order not found.' (also another customer's)" } },
});

export const quotesEndpoint = endpoint({
  method: 'GET',
  path: '/api/my-account/quotes',
  summary: "The customer's quotes, newest first",
  caller: signedIn,
  security: customerCredentials,
  tags,
  request: { query: pageQuery },
  responses: { 200: successWith(quotePageSchema), 400: errorSchema, 401: errorSchema },
});

export const quoteEndpoint = endpoint({
  method: 'GET',
  path: '/api/my-account/quotes/:id',
  summary: 'One of the customer quotes, read-only, with the payments of the order it became (002 §2)',
  caller: signedIn,
  security: customerCredentials,
  tags,
  request: { params: idParams('Quote id or increment id') },
  responses: { 200: successWith(accountQuoteSchema), 401: errorSchema, 404: { ...errorSchema, description: "'Quote not found.' (also another customer's)" } },
});

/** Every account contract, for the registry (./index.ts). */
export const accountEndpoints = [
  registerEndpoint,
  loginEndpoint,
  logoutEndpoint,
  passwordResetEndpoint,
  passwordResetConfirmEndpoint,
  meEndpoint,
  checkoutPrefillEndpoint,
  addressListEndpoint,
  addressCreateEndpoint,
  addressReadEndpoint,
  addressUpdateEndpoint,
  addressDeleteEndpoint,
  ordersEndpoint,
  orderEndpoint,
  quotesEndpoint,
  quoteEndpoint,
] as const;
