/**
 * The studio's contracts (server/studio/; docs/studio.md): operators sign in with a password and a
 * second factor, edit drafts of the content folder's definitions, preview them with the real
 * renderer, publish them (every server swaps to the new content at once) and restore earlier
 * versions. Operators are not customers: their own accounts, their own cookie, their own roles.
 *
 * Roles, each including the one before: viewer (reads files, versions, previews), editor (drafts),
 * publisher (publishes and restores), admin (manages operators, reads the audit log).
 */
import { endpoint, errorSchema, successWith } from './endpoint';
import { denied, done, idParam, NOT_AN_OBJECT, operatorSession, REQUIRED, text } from './studio-common';

export const OPERATOR_ROLES = ['viewer', 'editor', 'publisher', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const STUDIO_INVALID_CREDENTIALS = 'Invalid email, password or code.';
export const STUDIO_SETUP_LINK_INVALID = 'This set-up link is invalid or has expired.';
export const STUDIO_PASSWORD_RULE = 'Use at least 12 characters.';
export const STUDIO_CODE_WRONG = 'That code is not right. Type the 6 digits your app shows now.';
export const STUDIO_CODE_JUST_USED = 'This code was just used: wait for the next one.';
export const STUDIO_CAPTCHA_NEEDED = 'Too many failed sign-ins for this e-mail: tick the captcha, then sign in.';
export const STUDIO_PASSWORD_WEAK = 'This password is too easy to guess (a common one, or one character or a short group repeated): a few unrelated words make a good one.';
export const PUBLISH_BLOCKED = 'Fix the problems first: nothing is published while any stands.';
export const DRAFT_CONFLICT = 'Someone published this file after you opened it. Reload it to see their change, then make yours again.';

/** The studio's cookie; a POST, PUT, PATCH or DELETE with it also needs the store's Origin. */
export const studioSecuritySchemes = {
  operatorSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'showroom_studio',
    description: 'Set by POST /api/studio/login: httpOnly, SameSite=Strict, Path=/, Secure on https; only its sha256 is stored. Writes need Origin = the store origin.',
  },
} as const;
const tags = ['studio'] as const;


/** A path of the content folder, relative to it: `pages/home.json`. Never leaves the folder. */
export const contentPath = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  // Segments of letters, digits, _ and - joined by single dots and slashes: no "..", no leading "/" or ".".
  pattern: '^[a-z0-9][a-z0-9_-]*(?:[./][a-z0-9_-]+)*\\.json$',
  'x-message': 'Name a .json file of the content folder, such as pages/home.json.',
  'x-required': 'Name a .json file of the content folder, such as pages/home.json.',
} as const;

const email = { type: 'string', minLength: 3, maxLength: 254, format: 'email', 'x-message': 'Enter a valid e-mail address.', 'x-required': REQUIRED } as const;
const role = { enum: OPERATOR_ROLES, 'x-message': `One of: ${OPERATOR_ROLES.join(', ')}.` } as const;

export const operatorViewSchema = {
  type: 'object',
  required: ['id', 'email', 'role'],
  additionalProperties: false,
  properties: { id: { type: 'integer' }, email: text, role },
} as const;

/** One problem of the content with the drafts in place: the file, the JSON pointer, the message, and the place in the form's words. */
export const contentProblemSchema = {
  type: 'object',
  required: ['file', 'pointer', 'message'],
  additionalProperties: false,
  properties: { file: text, pointer: text, message: text, where: { ...text, description: 'The pointer as the form names it, e.g. "Block 2 (Rich text) · Text"; absent for a whole file.' } },
} as const;
const problems = { type: 'array', items: contentProblemSchema } as const;


// ---- Operators -----------------------------------------------------------------------------------

export const setupPasswordEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/setup/password',
  summary: "First step of the one-time set-up link (npm run operator -- add): the operator's password; answers the TOTP secret to put in an authenticator app",
  caller: 'the holder of a set-up link (its token, valid 24 hours, until the set-up is confirmed)',
  tags,
  request: {
    body: {
      type: 'object',
      'x-message': NOT_AN_OBJECT,
      required: ['token', 'password'],
      additionalProperties: false,
      properties: {
        token: { type: 'string', minLength: 1, maxLength: 200, 'x-message': STUDIO_SETUP_LINK_INVALID, 'x-required': STUDIO_SETUP_LINK_INVALID },
        password: { type: 'string', minLength: 12, maxLength: 1000, 'x-message': STUDIO_PASSWORD_RULE, 'x-required': STUDIO_PASSWORD_RULE },
      },
    },
  },
  responses: {
    200: successWith({
      type: 'object',
      required: ['email', 'secret', 'otpauthUri', 'qrSvg'],
      additionalProperties: false,
      properties: { email: text, secret: { type: 'string', description: 'Base32, for typing into the app' }, otpauthUri: text, qrSvg: { type: 'string', description: 'The otpauth URI as an SVG QR code' } },
    }),
    400: { ...errorSchema, description: 'validation_failed (a password shorter than 12 characters, or a common one); invalid_token' },
    403: { ...errorSchema, description: 'A foreign or missing Origin' },
    429: errorSchema,
  },
});

export const setupConfirmEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/setup/confirm',
  summary: 'Second step: a code of the authenticator app proves the secret is kept; answers ten one-use recovery codes, shown once',
  caller: 'the holder of a set-up link whose password is set',
  tags,
  request: {
    body: {
      type: 'object',
      'x-message': NOT_AN_OBJECT,
      required: ['token', 'code'],
      additionalProperties: false,
      properties: {
        token: { type: 'string', minLength: 1, maxLength: 200, 'x-message': STUDIO_SETUP_LINK_INVALID, 'x-required': STUDIO_SETUP_LINK_INVALID },
        code: { type: 'string', pattern: '^\\s*\\d{6}\\s*$', 'x-message': STUDIO_CODE_WRONG, 'x-required': STUDIO_CODE_WRONG },
      },
    },
  },
  responses: {
    200: successWith({ type: 'object', required: ['recoveryCodes'], additionalProperties: false, properties: { recoveryCodes: { type: 'array', items: text, minItems: 10, maxItems: 10 } } }),
    400: { ...errorSchema, description: 'validation_failed (fields.code: the code is wrong); invalid_token; password_missing (the first step is not done)' },
    403: { ...errorSchema, description: 'A foreign or missing Origin' },
    429: { ...errorSchema, description: 'Too many wrong codes for this set-up, or set-up calls from the address; Retry-After' },
  },
});

export const studioLoginEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/login',
  summary: 'Sign in to the studio: e-mail, password and a code of the authenticator app (or one recovery code, which is then used up)',
  caller: "an operator, from the store's own origin",
  tags,
  request: {
    body: {
      type: 'object',
      'x-message': NOT_AN_OBJECT,
      required: ['email', 'password'],
      additionalProperties: false,
      properties: {
        email,
        password: { type: 'string', minLength: 1, maxLength: 1000, 'x-message': REQUIRED, 'x-required': REQUIRED },
        code: { type: 'string', pattern: '^\\s*\\d{6}\\s*$', 'x-message': STUDIO_CODE_WRONG },
        recoveryCode: { type: 'string', minLength: 1, maxLength: 100, 'x-message': STUDIO_INVALID_CREDENTIALS },
        recaptchaToken: { type: 'string', maxLength: 4000, description: 'Needed after ten failed sign-ins in a row for the e-mail (see 400 captcha_required)', 'x-message': STUDIO_CAPTCHA_NEEDED },
      },
    },
  },
  responses: {
    200: successWith(operatorViewSchema),
    400: { ...errorSchema, description: 'validation_failed; or captcha_required (fields.recaptchaToken, and siteKey: the reCAPTCHA key to show, null for the offline test captcha): past ten failed sign-ins in a row for the e-mail, nothing is checked without a valid recaptchaToken' },
    401: { ...errorSchema, description: `'${STUDIO_INVALID_CREDENTIALS}' for any wrong part alike; '${STUDIO_CODE_JUST_USED}' (code_used) for the right password with a code already accepted; from the tenth failure in a row, fields.recaptchaToken says the next try needs the captcha` },
    403: { ...errorSchema, description: 'A foreign or missing Origin' },
    429: { ...errorSchema, description: 'Too many wrong tries for the e-mail or from the address; Retry-After' },
  },
});

export const studioLogoutEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/logout',
  summary: 'Sign out of the studio: the session ends on the server',
  caller: 'a signed-in operator',
  security: operatorSession,
  tags,
  responses: { 200: done, ...denied },
});

export const studioMeEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/me',
  summary: 'The signed-in operator',
  caller: 'a signed-in operator',
  security: operatorSession,
  tags,
  responses: { 200: successWith(operatorViewSchema), 401: denied[401] },
});

export const operatorListEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/operators',
  summary: 'Every operator, with whether the set-up is done and whether the operator is disabled',
  caller: 'an admin',
  security: operatorSession,
  tags,
  responses: {
    200: successWith({
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'email', 'role', 'active', 'disabled'],
        additionalProperties: false,
        properties: { id: { type: 'integer' }, email: text, role, active: { type: 'boolean', description: 'The set-up is done' }, disabled: { type: 'boolean', description: 'Cannot sign in; PATCH disabled: false gives the access back' } },
      },
    }),
    ...denied,
  },
});

export const operatorAddEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/operators',
  summary: 'Add an operator (or renew the set-up link of one not yet set up); answers the one-time set-up link',
  caller: 'an admin',
  security: operatorSession,
  tags,
  request: { body: { type: 'object', 'x-message': NOT_AN_OBJECT, required: ['email', 'role'], additionalProperties: false, properties: { email, role } } },
  responses: {
    201: successWith({ type: 'object', required: ['id', 'email', 'role', 'setupUrl'], additionalProperties: false, properties: { id: { type: 'integer' }, email: text, role, setupUrl: text } }),
    400: errorSchema,
    409: { ...errorSchema, description: 'operator_exists: that e-mail is an operator already' },
    ...denied,
  },
});

export const operatorUpdateEndpoint = endpoint({
  method: 'PATCH',
  path: '/api/studio/operators/:id',
  summary: "Change an operator's role, or disable the operator (their sessions end)",
  caller: 'an admin (never their own role)',
  security: operatorSession,
  tags,
  request: {
    params: idParam('Operator not found.'),
    body: { type: 'object', 'x-message': NOT_AN_OBJECT, additionalProperties: false, minProperties: 1, properties: { role, disabled: { type: 'boolean', 'x-message': 'disabled is true or false.' } } },
  },
  responses: {
    200: successWith(operatorViewSchema),
    400: errorSchema,
    404: errorSchema,
    409: { ...errorSchema, description: 'last_admin: the change would leave no active admin' },
    ...denied,
  },
});

export const auditLogEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/audit',
  summary: 'The audit log, newest first: sign-ins (and refused ones), set-ups, publishes, restores, operator changes',
  caller: 'an admin',
  security: operatorSession,
  tags,
  request: { query: { type: 'object', properties: { before: { type: 'string', pattern: '^[1-9][0-9]{0,14}$', 'x-message': 'before is an entry id.' } } } },
  responses: {
    200: successWith({
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'at', 'action', 'operator', 'detail', 'ip'],
        additionalProperties: false,
        properties: { id: { type: 'integer' }, at: { type: 'string', format: 'date-time' }, action: text, operator: { type: ['string', 'null'] }, detail: text, ip: text },
      },
    }),
    400: errorSchema,
    ...denied,
  },
});

// ---- Content: files, drafts, preview, publish, versions -----------------------------------------

const draftSchema = {
  type: ['object', 'null'],
  required: ['text', 'revision', 'baseHash', 'updatedAt'],
  additionalProperties: false,
  description: "This operator's draft of the file, if any",
  properties: {
    text,
    revision: { type: 'integer', description: 'Send it back with the next save: a stale one is a 409 (another tab saved meanwhile)' },
    baseHash: { type: ['string', 'null'], description: 'The sha256 of the published text the draft started from (null: a new file)' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const studioFilesEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/files',
  summary: 'The definitions of the content folder with their kinds, which of them this operator has drafts of, the images (for pickers), and the live content problems (a broken file the watcher kept out)',
  caller: 'a viewer',
  security: operatorSession,
  tags,
  responses: {
    200: successWith({
      type: 'object',
      required: ['files', 'images', 'problems', 'draftProblems'],
      additionalProperties: false,
      properties: {
        files: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'schema', 'published', 'draft'],
            additionalProperties: false,
            properties: {
              path: text,
              schema: { type: 'string', description: 'The definition schema name (page, form, popup, …)' },
              published: { type: 'boolean' },
              draft: { type: 'boolean' },
              title: { type: 'string', description: "A published page's, form's or popup's title" },
              addresses: { type: 'array', items: text, description: "A published page's addresses: the paths of the routes that show it" },
            },
          },
        },
        images: { type: 'array', items: { type: 'string', description: '/images/… as a definition names it' } },
        problems: { ...problems, description: 'Problems of the files on disk that keep the last good content serving' },
        draftProblems: { ...problems, description: "Problems of the site with this operator's drafts in place: what would stop a publish now" },
      },
    }),
    ...denied,
  },
});

export const studioFileEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/file',
  summary: "One definition: its published text (with its hash) and this operator's draft",
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: { query: { type: 'object', required: ['path'], properties: { path: contentPath } } },
  responses: {
    200: successWith({
      type: 'object',
      required: ['path', 'schema', 'published', 'draft'],
      additionalProperties: false,
      properties: {
        path: text,
        schema: text,
        published: { type: ['object', 'null'], required: ['text', 'hash'], additionalProperties: false, properties: { text, hash: text } },
        draft: draftSchema,
      },
    }),
    400: { ...errorSchema, description: 'A path outside the content folder, or where no kind of definition lives' },
    ...denied,
  },
});

export const draftSaveEndpoint = endpoint({
  method: 'PUT',
  path: '/api/studio/draft',
  summary: "Save this operator's draft of a file (autosave); answers the problems of the whole site with every draft of this operator in place",
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: {
    body: {
      type: 'object',
      'x-message': NOT_AN_OBJECT,
      required: ['path', 'text'],
      additionalProperties: false,
      properties: {
        path: contentPath,
        text: { type: 'string', maxLength: 1_000_000, 'x-message': 'The draft is the text of the file, up to 1 MB.', 'x-required': REQUIRED },
        revision: { type: 'integer', minimum: 0, description: 'The revision the last save answered (none for the first save)', 'x-message': 'revision is a whole number.' },
        baseHash: { type: ['string', 'null'], maxLength: 64, description: "The published file's hash when the editing began (null: a new file)", 'x-message': 'baseHash is a sha256.' },
      },
    },
  },
  responses: {
    200: successWith({ type: 'object', required: ['revision', 'updatedAt', 'problems'], additionalProperties: false, properties: { revision: { type: 'integer' }, updatedAt: { type: 'string', format: 'date-time' }, problems } }),
    400: { ...errorSchema, description: 'validation_failed; a text nested more than 32 levels deep (fields.text)' },
    409: { ...errorSchema, description: "draft_stale: another tab saved this draft since (revision); drafts_full: the operator's drafts would be more than 100 files or 2 MB together" },
    429: { ...errorSchema, description: 'More than 120 saves in a minute by this operator; Retry-After' },
    ...denied,
  },
});

export const draftDiscardEndpoint = endpoint({
  method: 'DELETE',
  path: '/api/studio/draft',
  summary: "Discard this operator's draft of a file",
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: { query: { type: 'object', required: ['path'], properties: { path: contentPath } } },
  responses: { 200: done, 400: errorSchema, ...denied },
});

export const previewEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/preview',
  summary: "Render a draft with the real renderer (the SSR entry), the other drafts of this operator in place: an HTML page for a sandboxed frame (no script runs in it), or the problems that keep it from rendering",
  caller: 'a viewer',
  security: operatorSession,
  tags,
  responseTypes: { 200: 'text/html' },
  request: {
    body: {
      type: 'object',
      'x-message': NOT_AN_OBJECT,
      required: ['path', 'text'],
      additionalProperties: false,
      properties: {
        path: contentPath,
        text: { type: 'string', maxLength: 1_000_000, 'x-message': 'The draft is the text of the file, up to 1 MB.', 'x-required': REQUIRED },
        route: { type: 'string', maxLength: 500, pattern: '^/', description: 'Which page to show when the file is not a page (a form or a popup: a page that uses it); default: the page itself, or /', 'x-message': 'A path of the site, such as /contact.' },
        review: { type: 'integer', minimum: 1, description: "A change submitted for review: its files in place of this operator's drafts", 'x-message': 'review is the number of a change.' },
      },
    },
  },
  responses: {
    200: { type: 'string', description: 'The page as a visitor would get it, with a Content-Security-Policy that lets no script run' },
    400: errorSchema,
    422: { ...errorSchema, description: 'preview_unavailable: the draft has problems that keep it from rendering (fields by file:pointer), or it took too long to render' },
    429: { ...errorSchema, description: 'More than 120 previews in a minute by this operator (Retry-After); preview_replaced: a newer preview of this operator, sent while one was being made, replaced this one' },
    404: { ...errorSchema, description: 'The change named by review does not exist' },
    ...denied,
  },
});

export const publishEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/publish',
  summary: "Publish this operator's drafts (all, or the paths named) as one version: written into the content folder atomically, after the whole folder with them passes validation; every server swaps to it at once",
  caller: 'a publisher',
  security: operatorSession,
  tags,
  request: {
    body: {
      type: 'object',
      'x-message': NOT_AN_OBJECT,
      additionalProperties: false,
      properties: {
        paths: { type: 'array', minItems: 1, maxItems: 200, items: contentPath, description: 'Default: every draft of the operator' },
        message: { type: 'string', maxLength: 500, description: 'What changed, in the history' },
      },
    },
  },
  responses: {
    201: successWith({ type: 'object', required: ['version', 'files'], additionalProperties: false, properties: { version: { type: 'integer' }, files: { type: 'array', items: text } } }),
    400: { ...errorSchema, description: 'nothing_to_publish' },
    409: { ...errorSchema, description: `publish_conflict: a file changed since the draft began ('${DRAFT_CONFLICT}'); fields by path` },
    422: { ...errorSchema, description: `publish_blocked: '${PUBLISH_BLOCKED}'; fields by file:pointer` },
    ...denied,
  },
});

/** A line of what changed in a file, in the words of its form: "Block 2 (Banner slider) · Slide 1 · Title", "A" -> "B". */
export const changeLineSchema = {
  type: 'object',
  required: ['where', 'change'],
  additionalProperties: false,
  properties: {
    where: { type: 'string', description: 'Where in the file, as the form names it (empty: the whole file)' },
    change: { enum: ['added', 'removed', 'changed'] },
    before: { type: 'string', description: 'The value before, shortened (absent for an addition)' },
    after: { type: 'string', description: 'The value after, shortened (absent for a removal)' },
  },
} as const;

const versionSummary = {
  type: 'object',
  required: ['id', 'author', 'createdAt', 'message', 'files', 'restoredFrom'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    author: text,
    createdAt: { type: 'string', format: 'date-time' },
    message: text,
    files: { type: 'array', items: text },
    restoredFrom: { type: ['integer', 'null'], description: 'A restore: the version whose changes it undid' },
  },
} as const;

export const versionListEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/versions',
  summary: 'The published versions, newest first (optionally of one file)',
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: { query: { type: 'object', properties: { path: contentPath } } },
  responses: { 200: successWith({ type: 'array', items: versionSummary }), 400: errorSchema, ...denied },
});

export const versionReadEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/versions/:id',
  summary: 'One version with the unified diff of each file it changed',
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: { params: idParam('Version not found.') },
  responses: {
    200: successWith({
      type: 'object',
      required: ['version', 'changes'],
      additionalProperties: false,
      properties: {
        version: versionSummary,
        changes: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'kind', 'lines', 'diff'],
            additionalProperties: false,
            properties: {
              path: text,
              kind: { enum: ['added', 'changed', 'removed'] },
              lines: { type: 'array', items: changeLineSchema, description: 'What changed, in the words of the form: "Banner slide 1 · Title", before and after' },
              diff: { ...text, description: 'The unified diff of the file' },
            },
          },
        },
      },
    }),
    400: errorSchema,
    404: errorSchema,
    ...denied,
  },
});

export const versionRestoreEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/versions/:id/restore',
  summary: 'Undo this version: the files it changed go back to their text before it (a file it added is removed; later versions of other files stay), as a new version, after the whole folder passes validation',
  caller: 'a publisher',
  security: operatorSession,
  tags,
  request: { params: idParam('Version not found.') },
  responses: {
    201: successWith({ type: 'object', required: ['version', 'files'], additionalProperties: false, properties: { version: { type: 'integer' }, files: { type: 'array', items: text } } }),
    404: errorSchema,
    409: { ...errorSchema, description: 'restore_conflict: a later version changed these files since' },
    422: { ...errorSchema, description: 'publish_blocked: the site with the restored files would have problems' },
    ...denied,
  },
});

export const studioEndpoints = [
  setupPasswordEndpoint,
  setupConfirmEndpoint,
  studioLoginEndpoint,
  studioLogoutEndpoint,
  studioMeEndpoint,
  operatorListEndpoint,
  operatorAddEndpoint,
  operatorUpdateEndpoint,
  auditLogEndpoint,
  studioFilesEndpoint,
  studioFileEndpoint,
  draftSaveEndpoint,
  draftDiscardEndpoint,
  previewEndpoint,
  publishEndpoint,
  versionListEndpoint,
  versionReadEndpoint,
  versionRestoreEndpoint,
] as const;
