/**
 * The contracts of the forms API and the rest of its room: POST /api/forms/{formName} (the envelope
 * only: each form's field rules come from the operator's definitions and stay with the form engine,
 * schemas/evaluators/), the newsletter's links, the order e-mail re-send and this API's description.
 */
import { endpoint, errorSchema, moneySchema, successWith } from './endpoint';

/** Also said by the form engine when the step is beyond the form's last (server/services/form-submissions.ts). */
export const STEP_MESSAGE = "The step is not one of this form's steps.";
const ID_MESSAGE = 'The submission id is not valid.';

/** A trimmed string of at most `max` characters, or nothing (the engine's optionalString). */
const optionalText = (name: string, max: number, description: string) =>
  ({
    description,
    allOf: [
      { type: ['string', 'null'], 'x-message': `${name} must be a string.` },
      { type: ['string', 'null'], maxLength: max, 'x-message': `${name} is too long.` },
    ],
  }) as const;

/**
 * The body of POST /api/forms/{formName}, JSON or multipart (where every part but the files is text:
 * step and id then come as digit strings, formData as JSON text the server parses first). Keys other
 * than these are refused before this schema is read (unknown_field, services/form-request.ts).
 */
export const formEnvelopeSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    step: {
      description: 'Multi-step forms: the step these values belong to (0-based; default 0). Beyond the last step of the form is refused too.',
      'x-message': STEP_MESSAGE,
      anyOf: [
        { type: 'integer', minimum: 0, maximum: 999, 'x-message': STEP_MESSAGE },
        { type: 'string', pattern: '^(|\\s*\\d{1,3}\\s*)$', 'x-message': STEP_MESSAGE },
        { type: 'null', 'x-message': STEP_MESSAGE },
      ],
    },
    id: {
      description: 'Multi-step forms, later steps: the id the first step returned.',
      'x-message': ID_MESSAGE,
      anyOf: [
        { type: 'integer', minimum: 1, maximum: 999_999_999_999_999, 'x-message': ID_MESSAGE },
        { type: 'string', pattern: '^(|\\s*(?=\\d{1,15}\\s*$)0*[1-9]\\d*\\s*)$', 'x-message': ID_MESSAGE },
        { type: 'null', 'x-message': ID_MESSAGE },
      ],
    },
    token: optionalText('token', 200, 'Multi-step forms, later steps: the token the first step returned (or send Authorization: Bearer {token}).'),
    recaptchaToken: optionalText('recaptchaToken', 4000, 'Forms with googleReCaptcha, on the request that starts a submission. Offline test mode: test-pass.'),
    formData: {
      type: 'object',
      'x-message': 'formData must be an object of field values.',
      description:
        "The field values by field name, as the form engine holds them: text as strings, a checkbox as true/false, lists as string lists. Upload fields take their files as multipart parts, never here. A name the form's definition does not have is refused (unknown_field), a value of another type too (invalid_value).",
    },
    honeypot: { description: 'The value of the hidden trap input; people leave it empty. Filled: a success answer, nothing stored.' },
    name: { description: 'Ignored (the path names the form).' },
    emailNotifications: { description: "Ignored: the server uses the definition's." },
    metadata: { description: "Ignored: the server stores the definition's." },
    totalPrice: { description: 'Ignored: an estimate is priced again by the server.' },
    summary: { description: 'Ignored: an estimate is priced again by the server.' },
  },
} as const;

const submissionAnswer = {
  type: 'object',
  required: ['success', 'message', 'data'],
  additionalProperties: false,
  properties: {
    success: { const: true },
    message: { type: 'string', description: "The form's success message ('Check your inbox to confirm' for a form with actions.subscribeNewsletter); on an intermediate step 'Your answers so far are saved.'" },
    data: {
      type: 'object',
      additionalProperties: false,
      description: 'Empty for a filled honeypot.',
      properties: {
        id: { type: 'integer' },
        token: { type: 'string', description: 'Multi-step, first step only: the continuation token. Keep it with the id.' },
        step: { type: 'integer' },
        completed: { type: 'boolean', description: 'Multi-step: true after the last step (the e-mails are queued then).' },
        estimate: { type: 'object', required: ['min', 'max'], additionalProperties: false, description: 'An estimator template: the range the server priced and stored.', properties: { min: moneySchema, max: moneySchema } },
      },
    },
    newsletter: {
      type: 'object',
      required: ['confirmationRequired', 'message'],
      additionalProperties: false,
      description: "Present when the submission asked for the newsletter. The same whatever the address's state: it never says whether the address is on the list. The address is subscribed only once its owner follows the link of the confirmation e-mail.",
      properties: { confirmationRequired: { const: true }, message: { const: 'Check your inbox to confirm' } },
    },
  },
} as const;

export const formSubmitEndpoint = endpoint({
  method: 'POST',
  path: '/api/forms/:formName',
  bodyTypes: ['application/json', 'multipart/form-data'],
  summary: 'Submit a form (or one step of a multi-step form, or an estimate) defined in the content folder; JSON or multipart/form-data (formData as a part holding JSON text, one part per file named by its file field)',
  caller: 'anyone (ten submissions a minute from one address; a dealer page with X-Showroom-Dealer from its own origins)',
  tags: ['forms'],
  request: {
    params: {
      type: 'object',
      required: ['formName'],
      properties: { formName: { type: 'string', minLength: 1, examples: ['contact', 'claim', 'newsletter'], description: 'The form or estimator template name, e.g. contact (an unknown name is a 404 form_not_found)' } },
    },
    body: formEnvelopeSchema,
  },
  responses: {
    200: { ...submissionAnswer, description: 'A later step stored, or the last step completed (or a filled honeypot: data is {})' },
    201: { ...submissionAnswer, description: 'A submission created' },
    400: { ...errorSchema, description: "validation_failed ('Submission failed', fields: the catalogue's messages), unknown_field, invalid_value, unsupported_file_format, too_many_files, invalid_multipart, invalid_json, invalid_body" },
    403: { ...errorSchema, description: "submission_forbidden: the id and token do not match ('This submission cannot be continued.')" },
    404: { ...errorSchema, description: 'form_not_found' },
    409: { ...errorSchema, description: 'submission_complete: the multi-step submission is already complete' },
    413: { ...errorSchema, description: "payload_too_large, or file_too_large ('File is too large, maximum allowed size is {n}MB')" },
    415: { ...errorSchema, description: 'Neither JSON nor multipart/form-data' },
    429: { ...errorSchema, description: 'Ten submissions a minute from one address' },
  },
});

const subscriptionView = {
  type: 'object',
  required: ['email', 'status', 'subscribed'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', description: 'Masked: j***@example.com' },
    status: { enum: ['pending', 'subscribed', 'unsubscribed'] },
    subscribed: { type: 'boolean' },
  },
} as const;

const tokenParams = (description: string) =>
  ({ type: 'object', required: ['token'], properties: { token: { type: 'string', description } } }) as const;
const unsubscribeToken = tokenParams('The unsubscribe token from the e-mail link (an unknown one is a 404 subscription_not_found)');
const unknownSubscription = { ...errorSchema, description: "subscription_not_found: 'This unsubscribe link is not valid: no subscription has this token.'" } as const;
const toggled = (message: string) =>
  ({
    type: 'object',
    required: ['success', 'message', 'data'],
    additionalProperties: false,
    description: `'${message}'`,
    properties: { success: { const: true }, message: { const: message }, data: subscriptionView },
  }) as const;

export const newsletterSubscriptionEndpoint = endpoint({
  method: 'GET',
  path: '/api/newsletter/subscription/:token',
  summary: 'The subscription behind an unsubscribe link',
  caller: 'the holder of the link of a newsletter e-mail (the /unsubscribe page)',
  tags: ['newsletter'],
  request: { params: unsubscribeToken },
  responses: {
    200: successWith(subscriptionView),
    404: unknownSubscription,
  },
});

export const newsletterUnsubscribeEndpoint = endpoint({
  method: 'POST',
  path: '/api/newsletter/unsubscribe/:token',
  summary: 'Unsubscribe (also the List-Unsubscribe one-click target; the body is not read)',
  caller: 'the holder of the link of a newsletter e-mail, or its mail client (RFC 8058)',
  tags: ['newsletter'],
  request: { params: unsubscribeToken },
  responses: { 200: toggled('You have been unsubscribed from our newsletter.'), 404: unknownSubscription },
});

export const newsletterResubscribeEndpoint = endpoint({
  method: 'POST',
  path: '/api/newsletter/resubscribe/:token',
  summary: 'Subscribe again (the body is not read)',
  caller: 'the holder of the link of a newsletter e-mail (the /unsubscribe page)',
  tags: ['newsletter'],
  request: { params: unsubscribeToken },
  responses: { 200: toggled('You are subscribed to our newsletter again.'), 404: unknownSubscription },
});

export const newsletterConfirmEndpoint = endpoint({
  method: 'POST',
  path: '/api/newsletter/confirm/:token',
  summary: "Confirm a newsletter sign-up (double opt-in): the /newsletter/confirm/{token} page posts its link's token (the body is not read)",
  caller: 'the holder of the link of the confirmation e-mail',
  tags: ['newsletter'],
  request: { params: tokenParams('The token of the confirmation e-mail link ({id}.{secret}); an unknown one is a 404 confirmation_not_found') },
  responses: {
    200: toggled('Your subscription to our newsletter is confirmed.'),
    404: { ...errorSchema, description: "confirmation_not_found: 'This confirmation link is not valid.'" },
    410: { ...errorSchema, description: 'confirmation_expired (after 48 hours), or confirmation_used (the address unsubscribed since: sign up again)' },
  },
});

const ORDER_EMAILS_ONLY = "This endpoint only re-sends the store's own order e-mails.";
const orderRef = { anyOf: [{ type: 'string' }, { type: 'integer' }], description: 'The order id or increment id' } as const;

export const sendEmailEndpoint = endpoint({
  method: 'POST',
  path: '/api/email/send-email',
  summary: "Re-queue the store's own confirmation e-mails of a paid order (not a relay: recipient, cc, subject and body are ignored)",
  caller: "the holder of the order's access token (Authorization: Bearer)",
  security: ['orderToken'],
  tags: ['orders'],
  // Not a relay: whatever it does not do gets one answer, which does not describe the request.
  invalid: { error: 'forbidden', message: ORDER_EMAILS_ONLY, status: 403, describe: false },
  request: {
    body: {
      type: 'object',
      required: ['type'],
      description: 'data.orderId (or orderId, or data.id) names the order. Any other key is ignored.',
      properties: {
        type: { enum: ['order-confirmation', 'order-confirmation-admin', 'split-payment-confirmation'], 'x-message': ORDER_EMAILS_ONLY },
        data: { type: 'object', properties: { orderId: orderRef, id: orderRef } },
        orderId: orderRef,
      },
    },
  },
  responses: {
    200: {
      type: 'object',
      required: ['success', 'message', 'emailSent'],
      additionalProperties: false,
      properties: { success: { const: true }, message: { const: 'The confirmation e-mails are queued.' }, emailSent: { type: 'boolean' } },
    },
    400: { ...errorSchema, description: 'invalid_json: the body is not JSON' },
    403: { ...errorSchema, description: `forbidden: '${ORDER_EMAILS_ONLY}' for any other use, a missing or wrong token` },
    409: { ...errorSchema, description: 'order_not_paid: the order is not paid' },
    413: { ...errorSchema, description: 'payload_too_large' },
    415: { ...errorSchema, description: 'unsupported_media_type: not JSON' },
  },
});

export const openApiEndpoint = endpoint({
  method: 'GET',
  path: '/api/openapi.json',
  summary: 'This document',
  caller: 'anyone',
  tags: ['operations'],
  responses: {
    200: {
      type: 'object',
      description: 'OpenAPI 3.1',
      required: ['openapi', 'info', 'paths', 'components'],
      properties: {
        openapi: { const: '3.1.0' },
        info: { type: 'object', required: ['title', 'version'], properties: { title: { type: 'string' }, version: { type: 'string' }, description: { type: 'string' } } },
        components: { type: 'object' },
        paths: { type: 'object', additionalProperties: { type: 'object' } },
      },
    },
  },
});

export const formsEndpoints = [
  formSubmitEndpoint,
  newsletterSubscriptionEndpoint,
  newsletterUnsubscribeEndpoint,
  newsletterResubscribeEndpoint,
  newsletterConfirmEndpoint,
  sendEmailEndpoint,
  openApiEndpoint,
] as const;
