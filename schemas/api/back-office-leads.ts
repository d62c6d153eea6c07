/**
 * The back office's leads and subscribers: contracts of the studio's /api/studio/leads and
 * /api/studio/subscribers endpoints. A lead is a submitted form submission (a multi-step one between
 * its steps is not yet a lead), with a status the operators keep (new, contacted, closed); an
 * estimator's submission carries the range the server priced (server/services/estimate-submission.ts).
 * Uploads are read through the studio only: the uploads folder has no public URL.
 *
 * Roles: viewers read; editors change a lead's status; admins also export (CSV) and erase a
 * subscriber (personal data handling). Lists are newest first, by pages of `limit`: `next` is the
 * `after` of the following page (keyset paging: as fast on the last page as on the first).
 */
import { endpoint, errorSchema, successWith } from './endpoint';
import { denied, idParam, objectBody, operatorSession, text } from './studio-common';

export const LEAD_STATUSES = ['new', 'contacted', 'closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const SUBSCRIBER_STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const LEAD_NOT_FOUND = 'There is no such lead.';
export const LEAD_FILE_NOT_FOUND = 'There is no such file in this lead.';
export const SUBSCRIBER_NOT_FOUND = 'There is no such subscriber.';
export const LEAD_STATUS_MESSAGE = `One of: ${LEAD_STATUSES.join(', ')}.`;
export const FORM_NAME_MESSAGE = 'Name a form, such as contact.';

/** Rows a list page holds at most. */
export const LEAD_PAGE_SIZE = 50;

const tags = ['back office'] as const;

const formName = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,99}$', 'x-message': FORM_NAME_MESSAGE, 'x-required': FORM_NAME_MESSAGE } as const;
const leadStatus = { enum: LEAD_STATUSES, 'x-message': LEAD_STATUS_MESSAGE, 'x-required': LEAD_STATUS_MESSAGE } as const;
const subscriberStatus = { enum: SUBSCRIBER_STATUSES, 'x-message': `One of: ${SUBSCRIBER_STATUSES.join(', ')}.` } as const;
const search = { type: 'string', maxLength: 100, 'x-message': 'Search for at most 100 characters.', description: 'Part of any answer (leads) or of the address (subscribers), case-insensitive' } as const;
const after = { type: 'string', pattern: '^[1-9][0-9]{0,14}$', 'x-message': 'after is the next of the previous page.', description: 'The `next` of the previous page' } as const;
const next = { type: ['string', 'null'], description: 'The `after` of the next page; null on the last page' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const count = { type: 'integer', minimum: 0 } as const;

/** The dealer whose page sent the submission (checked against the dealer's origins); null: the store's own pages. */
const dealerSchema = {
  type: ['object', 'null'],
  required: ['id', 'name'],
  additionalProperties: false,
  properties: { id: text, name: { type: ['string', 'null'], description: "The dealer's name in the live content; null when the dealer is no longer there" } },
} as const;

/** The range the server priced an estimator's submission at, as it stored and e-mailed it ('$1,200.00 - $1,500.00'); null for other forms. */
const estimateSchema = {
  type: ['object', 'null'],
  required: ['materials', 'labor', 'total'],
  additionalProperties: false,
  properties: { materials: nullableText, labor: nullableText, total: nullableText },
} as const;

export const leadSummarySchema = {
  type: 'object',
  required: ['id', 'form', 'created', 'status', 'name', 'email', 'dealer', 'estimate', 'uploads'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    form: text,
    created: dateTime,
    status: leadStatus,
    name: { type: ['string', 'null'], description: 'The first name-like answer (a field named name, fullName, firstName + lastName…), if any' },
    email: { type: ['string', 'null'], description: 'The first answer that is an e-mail address, if any' },
    dealer: dealerSchema,
    estimate: estimateSchema,
    uploads: { ...count, description: 'How many files came with it' },
  },
} as const;

const leadParams = idParam(LEAD_NOT_FOUND);

// ---- Leads ---------------------------------------------------------------------------------------

export const leadFormsEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/leads/forms',
  summary: "The forms that have leads, and the live content's forms and estimators (with none yet), each with its leads counted by status",
  caller: 'a viewer',
  security: operatorSession,
  tags,
  responses: {
    200: successWith({
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'title', 'estimator', 'inContent', 'total', 'counts'],
        additionalProperties: false,
        properties: {
          name: text,
          title: { type: ['string', 'null'], description: "The definition's title, if it has one and is still in the live content" },
          estimator: { type: 'boolean', description: 'An estimator template: its leads carry a priced range' },
          inContent: { type: 'boolean', description: 'The live content still defines it (an old form keeps its leads)' },
          total: count,
          counts: { type: 'object', required: [...LEAD_STATUSES], additionalProperties: false, properties: { new: count, contacted: count, closed: count } },
        },
      },
    }),
    ...denied,
  },
});

export const leadListEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/leads',
  summary: 'Submitted form submissions (leads), newest first, filtered by form, status and a search of the answers; pages of 50',
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: { query: { type: 'object', additionalProperties: false, properties: { form: formName, status: leadStatus, search, after } } },
  responses: {
    200: successWith({ type: 'object', required: ['items', 'next'], additionalProperties: false, properties: { items: { type: 'array', items: leadSummarySchema }, next } }),
    400: errorSchema,
    ...denied,
  },
});

export const leadDetailEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/leads/:id',
  summary: "One lead: its answers (labelled by the live form's definition where it still has the field), its files, status, dealer and, for an estimate, the range the server priced",
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: { params: leadParams },
  responses: {
    200: successWith({
      type: 'object',
      required: [...leadSummarySchema.required, 'formTitle', 'updated', 'answers', 'files', 'quote'],
      additionalProperties: false,
      properties: {
        ...leadSummarySchema.properties,
        formTitle: { type: ['string', 'null'], description: "The form's title in the live content, if any" },
        updated: dateTime,
        quote: {
          type: ['object', 'null'],
          description: "An estimate's starting quote: the draft the store made of the catalog lines of its cabinet mix (null: none)",
          required: ['id', 'number', 'total'],
          additionalProperties: false,
          properties: { id: count, number: text, total: { type: 'number', description: 'Dollars, as priced when it was made' } },
        },
        answers: {
          type: 'array',
          description: "In the definition's order, then any stored answer the definition no longer has; the server's estimate fields are in `estimate` and `dealer`, not here",
          items: {
            type: 'object',
            required: ['name', 'label', 'value'],
            additionalProperties: false,
            properties: { name: text, label: { ...text, description: "The field's label in the live definition, else its name" }, value: { ...text, description: 'As text: lists joined with ", ", a checkbox as Yes or No, files by their names' } },
          },
        },
        files: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'field', 'name', 'type', 'size', 'url'],
            additionalProperties: false,
            properties: {
              id: { type: 'integer' },
              field: text,
              name: { ...text, description: "The visitor's file name, cleaned" },
              type: { ...text, description: 'Read from the content (magic bytes), not the one the browser claimed' },
              size: { ...count, description: 'Bytes' },
              url: { ...text, description: 'GET /api/studio/leads/{id}/files/{fileId}: through the studio only' },
            },
          },
        },
      },
    }),
    400: { ...errorSchema, description: 'An id that is not a positive whole number' },
    404: errorSchema,
    ...denied,
  },
});

export const leadStatusEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/studio/leads/:id',
  summary: "Change a lead's status (new, contacted, closed); audited",
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: { params: leadParams, body: objectBody({ status: leadStatus }, ['status']) },
  responses: {
    200: successWith({ type: 'object', required: ['id', 'status'], additionalProperties: false, properties: { id: { type: 'integer' }, status: leadStatus } }),
    400: errorSchema,
    404: errorSchema,
    ...denied,
  },
});

export const leadFileEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/leads/:id/files/:fileId',
  summary: 'A file of a lead, as an attachment (never shown inline): its type read from the content, nosniff, no-store. A file of another lead is not found',
  caller: 'a viewer',
  security: operatorSession,
  tags,
  responseTypes: { 200: 'application/octet-stream' },
  request: {
    params: {
      type: 'object',
      required: ['id', 'fileId'],
      properties: {
        id: { type: 'string', pattern: '^[1-9][0-9]{0,14}$', 'x-message': LEAD_NOT_FOUND },
        fileId: { type: 'string', pattern: '^[1-9][0-9]{0,14}$', 'x-message': LEAD_FILE_NOT_FOUND },
      },
    },
  },
  responses: {
    200: { type: 'string', description: 'The file, with Content-Disposition: attachment' },
    400: { ...errorSchema, description: 'An id that is not a positive whole number' },
    404: { ...errorSchema, description: 'No such lead, no such file of this lead, or the file is gone from the uploads folder' },
    ...denied,
  },
});

export const leadExportEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/leads/export.csv',
  summary: "A form's leads as CSV, oldest first (id, status, lead_status, created_at, updated_at, then a column per field of the definition and per other stored answer): cells a spreadsheet would run as a formula get a leading apostrophe; audited",
  caller: 'an admin',
  security: operatorSession,
  tags,
  responseTypes: { 200: 'text/csv' },
  request: { query: { type: 'object', additionalProperties: false, required: ['form'], properties: { form: formName, status: leadStatus } } },
  responses: {
    200: { type: 'string', description: 'text/csv; charset=utf-8, Content-Disposition: attachment' },
    400: errorSchema,
    ...denied,
  },
});

// ---- Subscribers ---------------------------------------------------------------------------------

/** One sign-up request of the address (double opt-in): when and how consent was asked for and given. */
export const consentSchema = {
  type: 'object',
  required: ['id', 'form', 'page', 'requestedAt', 'requestedFrom', 'confirmedAt', 'confirmedFrom', 'expiresAt'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    form: { ...text, description: "The form that asked, or 'unsubscribe-page' for the owner's \"Subscribe again\"" },
    page: { type: ['string', 'null'], description: "The store page the form was on (from Referer, the store's own origin only); null when unknown" },
    requestedAt: dateTime,
    requestedFrom: { ...text, description: 'The client address of the request' },
    confirmedAt: { ...nullableDateTime, description: 'null: not (yet) confirmed' },
    confirmedFrom: nullableText,
    expiresAt: { ...nullableDateTime, description: "The confirmation link's expiry while unconfirmed" },
  },
} as const;

export const subscriberSchema = {
  type: 'object',
  required: ['id', 'email', 'status', 'source', 'created', 'updated', 'unsubscribedAt', 'consents'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    email: text,
    status: { enum: SUBSCRIBER_STATUSES },
    source: { ...text, description: 'The form that first subscribed the address' },
    created: dateTime,
    updated: dateTime,
    unsubscribedAt: nullableDateTime,
    consents: { type: 'array', items: consentSchema, description: 'Oldest first' },
  },
} as const;

export const subscriberListEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/subscribers',
  summary: "The newsletter's addresses, newest first, each with its status and consent records; filtered by status and a search of the address; pages of 50",
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: { query: { type: 'object', additionalProperties: false, properties: { status: subscriberStatus, search, after } } },
  responses: {
    200: successWith({ type: 'object', required: ['items', 'next'], additionalProperties: false, properties: { items: { type: 'array', items: subscriberSchema }, next } }),
    400: errorSchema,
    ...denied,
  },
});

export const subscriberExportEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/subscribers/export.csv',
  summary: 'The newsletter list as CSV, a row per consent record (an address without one: a row of its own); audited',
  caller: 'an admin',
  security: operatorSession,
  tags,
  responseTypes: { 200: 'text/csv' },
  request: { query: { type: 'object', additionalProperties: false, properties: { status: subscriberStatus } } },
  responses: {
    200: { type: 'string', description: 'text/csv; charset=utf-8, Content-Disposition: attachment' },
    400: errorSchema,
    ...denied,
  },
});

/** A lead that carries the subscriber's address. */
const leadOfAddressSchema = {
  type: 'object',
  required: ['id', 'form', 'formTitle', 'created'],
  additionalProperties: false,
  properties: { id: { type: 'integer' }, form: { ...text, description: "The form's name" }, formTitle: { ...text, description: "The form's title in the live content, else its name" }, created: dateTime },
} as const;

const remainsProperties = {
  orders: { ...count, description: "Orders placed with the address: the store's accounts keep them" },
  quotes: { ...count, description: "Quotes made out to the address: the store's accounts keep them" },
  account: { type: 'boolean', description: 'A customer account has the address: its owner closes it' },
  mails: { ...count, description: "Mails to the address in the outbox about none of its leads (an order's, an account's): they stay" },
} as const;

export const subscriberErasureEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/subscribers/:id/erasure',
  summary: "What erasing a subscriber takes (its consent records, the newsletter's mails, the newsletter form's submissions with the address and the mails about them), the address's other leads (erased only when asked), and what stays (orders, quotes, an account, their mails)",
  caller: 'an admin',
  security: operatorSession,
  tags,
  request: { params: idParam(SUBSCRIBER_NOT_FOUND), query: { type: 'object', additionalProperties: false, properties: {} } },
  responses: {
    200: successWith({
      type: 'object',
      required: ['id', 'email', 'consents', 'newsletterMails', 'newsletterLeads', 'otherLeads', 'remains'],
      additionalProperties: false,
      properties: {
        id: { type: 'integer' },
        email: text,
        consents: { ...count, description: 'Consent records, erased' },
        newsletterMails: { ...count, description: "The newsletter's mails to the address in the outbox, erased" },
        newsletterLeads: { type: 'array', items: leadOfAddressSchema, description: "The newsletter forms' submissions with the address: erased, with their uploads and the mails about them" },
        otherLeads: { type: 'array', items: leadOfAddressSchema, description: "The address's other leads: erased only with otherLeads=true" },
        remains: { type: 'object', required: ['orders', 'quotes', 'account', 'mails'], additionalProperties: false, properties: remainsProperties, description: 'What no erasure of a subscriber takes' },
      },
    }),
    400: { ...errorSchema, description: 'An id that is not a positive whole number' },
    404: errorSchema,
    ...denied,
  },
});

export const ERASE_OTHER_LEADS_MESSAGE = 'otherLeads is true or false.';

export const subscriberDeleteEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/studio/subscribers/:id',
  summary:
    "Erase a subscriber: the address, its consent records, the newsletter's mails to it in the outbox (sent or not), the newsletter form's submissions with the address, their uploads and the mails about them (the admins' notifications included); with otherLeads=true, the address's other leads too. Orders, quotes and a customer account stay. The audit log keeps the id, never the address",
  caller: 'an admin',
  security: operatorSession,
  tags,
  request: {
    params: idParam(SUBSCRIBER_NOT_FOUND),
    query: { type: 'object', additionalProperties: false, properties: { otherLeads: { enum: ['true', 'false'], 'x-message': ERASE_OTHER_LEADS_MESSAGE, description: "Also erase the address's other leads" } } },
  },
  responses: {
    200: successWith({
      type: 'object',
      required: ['id', 'consents', 'mails', 'leads', 'otherLeads', 'notifications', 'files', 'remains'],
      additionalProperties: false,
      properties: {
        id: { type: 'integer' },
        consents: { ...count, description: 'Consent records erased' },
        mails: { ...count, description: 'Newsletter mails to the address erased from the outbox' },
        leads: { ...count, description: "The newsletter forms' submissions with the address, erased" },
        otherLeads: { ...count, description: "The address's other leads, erased (otherLeads=true)" },
        notifications: { ...count, description: "Mails about the erased submissions (the admins' notifications, the visitor's confirmations), erased" },
        files: { ...count, description: "The erased submissions' uploads, deleted" },
        remains: {
          type: 'object',
          required: ['orders', 'quotes', 'account', 'mails', 'leads'],
          additionalProperties: false,
          properties: { ...remainsProperties, leads: { ...count, description: "The address's other leads, left (otherLeads not asked)" } },
          description: 'What stays',
        },
      },
    }),
    400: { ...errorSchema, description: 'An id that is not a positive whole number, or otherLeads not true or false' },
    404: errorSchema,
    ...denied,
  },
});

/** Static paths before /api/studio/leads/:id, which would otherwise take "forms" and "export.csv" for an id. */
export const backOfficeLeadEndpoints = [
  leadFormsEndpoint,
  leadExportEndpoint,
  leadListEndpoint,
  leadDetailEndpoint,
  leadStatusEndpoint,
  leadFileEndpoint,
  subscriberExportEndpoint,
  subscriberListEndpoint,
  subscriberErasureEndpoint,
  subscriberDeleteEndpoint,
] as const;
