/**
 * The forms and newsletter paths of the OpenAPI document (openapi-document.ts spreads them into its
 * `paths`). docs/forms-api.md has the prose.
 */
const json = (schema: object) => ({ 'application/json': { schema } });
const errorRef = { $ref: '#/components/schemas/Error' };
const error = (description: string) => ({ description, content: json(errorRef) });
const ok = (description: string, schema: object) => ({ description, content: json(schema) });

const values = {
  type: 'object',
  description: "The field values by field name, as the form engine holds them: text as strings, a checkbox as true/false, lists as string lists. Upload fields take their files as multipart parts, never here. A name the form's definition does not have is refused.",
  additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }, { type: 'array', items: { type: 'string' } }] },
};

const envelope = {
  formData: values,
  step: { type: 'integer', minimum: 0, description: 'Multi-step forms: the step these values belong to (0-based). Default 0.' },
  id: { type: 'integer', description: 'Multi-step forms, later steps: the id the first step returned.' },
  token: { type: 'string', description: 'Multi-step forms, later steps: the token the first step returned (or send Authorization: Bearer {token}).' },
  recaptchaToken: { type: 'string', description: 'Forms with googleReCaptcha, on the request that starts a submission. Offline test mode: test-pass.' },
  honeypot: { type: 'string', description: 'The value of the hidden trap input; people leave it empty. Filled: a success answer, nothing stored.' },
  name: { type: 'string', description: 'Ignored (the path names the form).' },
  emailNotifications: { type: 'object', description: "Ignored: the server uses the definition's." },
  metadata: { type: 'object', description: "Ignored: the server stores the definition's." },
};

const answer = {
  type: 'object',
  required: ['success', 'message', 'data'],
  properties: {
    success: { const: true },
    message: { type: 'string', description: "The form's success message ('Check your inbox to confirm' for a form with actions.subscribeNewsletter); on an intermediate step 'Your answers so far are saved.'" },
    data: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        token: { type: 'string', description: 'Multi-step, first step only: the continuation token. Keep it with the id.' },
        step: { type: 'integer' },
        completed: { type: 'boolean', description: 'Multi-step: true after the last step (the e-mails are queued then).' },
      },
    },
    newsletter: {
      type: 'object',
      description: "Present when the submission asked for the newsletter. The same whatever the address's state: it never says whether the address is on the list. The address is subscribed only once its owner follows the link of the confirmation e-mail.",
      properties: { confirmationRequired: { const: true }, message: { const: 'Check your inbox to confirm' } },
    },
  },
};

const subscription = {
  type: 'object',
  properties: { success: { const: true }, message: { type: 'string' }, data: { type: 'object', properties: { email: { type: 'string', description: 'Masked: j***@example.com' }, status: { enum: ['pending', 'subscribed', 'unsubscribed'] }, subscribed: { type: 'boolean' } } } },
};
const tokenParam = { name: 'token', in: 'path', required: true, schema: { type: 'string' }, description: 'The unsubscribe token from the e-mail link' };
const unknownToken = error("subscription_not_found: 'This unsubscribe link is not valid: no subscription has this token.'");
const confirmationParam = { name: 'token', in: 'path', required: true, schema: { type: 'string' }, description: 'The token of the confirmation e-mail link ({id}.{secret})' };

export const formsOpenApiPaths = {
  '/api/forms/{formName}': {
    post: {
      summary: 'Submit a form (or one step of a multi-step form) defined in the content folder',
      parameters: [{ name: 'formName', in: 'path', required: true, schema: { type: 'string' }, description: 'The form definition name, e.g. contact' }],
      requestBody: {
        content: {
          'application/json': { schema: { type: 'object', additionalProperties: false, properties: envelope } },
          'multipart/form-data': {
            schema: {
              type: 'object',
              description: 'formData as a part holding JSON text, the other envelope keys as text parts, and one part per file named by its file field (repeated for several files). Any other part name is refused.',
              properties: { ...envelope, formData: { type: 'string', description: 'JSON text of the field values' } },
              additionalProperties: { type: 'string', format: 'binary' },
            },
          },
        },
      },
      responses: {
        200: ok('A later step stored, or the last step completed (or a filled honeypot: data is {})', answer),
        201: ok('A submission created', answer),
        400: error("validation_failed ('Submission failed', fields: the catalogue's messages, recaptchaToken: 'Please complete the reCAPTCHA verification'), unknown_field, invalid_value, unsupported_file_format ('Unsupported file format'), too_many_files, invalid_multipart, invalid_json"),
        403: error("submission_forbidden: the id and token do not match ('This submission cannot be continued.')"),
        404: error('form_not_found'),
        409: error('submission_complete: the multi-step submission is already complete'),
        413: error("payload_too_large, or file_too_large ('File is too large, maximum allowed size is {n}MB')"),
        415: error('Neither JSON nor multipart/form-data'),
        429: error('Ten submissions a minute from one address'),
      },
    },
  },
  '/api/newsletter/subscription/{token}': {
    get: { summary: 'The subscription behind an unsubscribe link', parameters: [tokenParam], responses: { 200: ok('The subscription', subscription), 404: unknownToken } },
  },
  '/api/newsletter/unsubscribe/{token}': {
    post: { summary: "Unsubscribe (also the List-Unsubscribe one-click target; the body is not read)", parameters: [tokenParam], responses: { 200: ok("'You have been unsubscribed from our newsletter.'", subscription), 404: unknownToken } },
  },
  '/api/newsletter/resubscribe/{token}': {
    post: { summary: 'Subscribe again', parameters: [tokenParam], responses: { 200: ok("'You are subscribed to our newsletter again.'", subscription), 404: unknownToken } },
  },
  '/api/newsletter/confirm/{token}': {
    post: {
      summary: "Confirm a newsletter sign-up (double opt-in): the /newsletter/confirm/{token} page posts its link's token",
      parameters: [confirmationParam],
      responses: {
        200: ok("'Your subscription to our newsletter is confirmed.' (also for a second click while subscribed)", subscription),
        404: error("confirmation_not_found: 'This confirmation link is not valid.'"),
        410: error('confirmation_expired (after 48 hours), or confirmation_used (the address unsubscribed since: sign up again)'),
      },
    },
  },
} as const;
