/**
 * Review in the studio (server/studio/review-routes.ts; docs/studio.md, "Review"): an editor
 * submits a change (one of their drafts, or the set a change touches, such as a page and its route)
 * with a note; publishers see the changes waiting, preview them, publish them, or send them back
 * with a comment; the editor fixes the drafts and submits the change again. The author is told in
 * the studio and, when they asked for it, by e-mail. Two changes to one file are never a lost
 * update: the second to be published is refused until its author has brought it onto the newer
 * file. Every step is in the audit log.
 */
import { endpoint, errorSchema, successWith } from './endpoint';
import { changeLineSchema, contentPath } from './studio';
import { denied, idParam, objectBody, operatorSession, text } from './studio-common';

export const REVIEW_STATUSES = ['submitted', 'sent_back', 'published', 'withdrawn'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABEL: Record<ReviewStatus, string> = {
  submitted: 'Waiting for review',
  sent_back: 'Sent back',
  published: 'Published',
  withdrawn: 'Withdrawn',
};

export const REVIEW_NOT_FOUND = 'Change not found.';
export const REVIEW_NOTE_RULE = 'Say in a few words what the change is (at most 2,000 characters).';
export const REVIEW_COMMENT_RULE = 'Say what needs to change (at most 2,000 characters).';
export const REVIEW_NOTHING = 'None of these drafts differs from the published file: there is nothing to submit.';
export const REVIEW_BLOCKED = 'Fix the problems first: a change goes to review only when the site passes every check with it.';
export const REVIEW_NOT_DRAFTED = 'You have no draft of this file.';
export const REVIEW_ALREADY_OPEN = 'This file is already in another change of yours waiting for review: submit that change again instead.';
export const REVIEW_DECIDED = 'This change is no longer waiting for review (someone published it, sent it back, or it was withdrawn). Reload it.';
export const REVIEW_NOT_YOURS = 'Only the author of a change may submit it again or withdraw it.';
export const REVIEW_CHANGED = 'This change was submitted again since you opened it. Reload it to see what is waiting now before you publish.';
export const REVIEW_REVISION_RULE = 'Reload the change: Publish carries the revision you were shown.';
export const REVIEW_PUBLISHED_SINCE = 'Published since this change began: its author must bring the change onto the new version (Send back), or it would undo that publish.';

const tags = ['studio'] as const;
const reviewIdParam = idParam(REVIEW_NOT_FOUND);
const note = { type: 'string', minLength: 1, maxLength: 2000, pattern: '\\S', 'x-message': REVIEW_NOTE_RULE, 'x-required': REVIEW_NOTE_RULE } as const;

const reviewSummarySchema = {
  type: 'object',
  required: ['id', 'status', 'author', 'note', 'files', 'createdAt', 'updatedAt', 'decidedBy', 'version', 'unseen', 'overlaps'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    status: { enum: REVIEW_STATUSES },
    author: { type: 'string', description: "The author's e-mail" },
    note: text,
    files: { type: 'array', items: text },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    decidedBy: { type: ['string', 'null'], description: 'Who sent it back or published it last' },
    version: { type: ['integer', 'null'], description: 'The version it was published as' },
    unseen: { type: 'boolean', description: 'For its author: a decision they have not opened yet' },
    overlaps: {
      type: 'array',
      description: 'Other changes waiting for review that touch one of the same files: publishing one makes the other a conflict to resolve',
      items: { type: 'object', required: ['path', 'review'], additionalProperties: false, properties: { path: text, review: { type: 'integer' } } },
    },
  },
} as const;

const reviewDetailSchema = {
  type: 'object',
  required: ['review', 'revision', 'files', 'events'],
  additionalProperties: false,
  properties: {
    review: reviewSummarySchema,
    revision: { type: 'string', description: 'What these files are (a hash of each path, text and the published text it began from): Publish carries it back, and publishes only this' },
    files: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'kind', 'publishedSince', 'lines', 'diff', 'text'],
        additionalProperties: false,
        properties: {
          path: text,
          text: { type: ['string', 'null'], description: 'The file as submitted, for the preview (null: the change removes it)' },
          kind: { enum: ['added', 'changed', 'removed'] },
          publishedSince: { type: 'boolean', description: 'The file was published after this change began: publishing it is refused until its author brings it onto the new version' },
          lines: { type: 'array', items: changeLineSchema, description: 'What changed against the file as published now' },
          diff: { type: 'string', description: 'The unified diff against the file as published now' },
        },
      },
    },
    events: {
      type: 'array',
      items: {
        type: 'object',
        required: ['at', 'operator', 'kind', 'comment'],
        additionalProperties: false,
        properties: { at: { type: 'string', format: 'date-time' }, operator: text, kind: { enum: ['submitted', 'resubmitted', 'sent_back', 'published', 'withdrawn'] }, comment: text },
      },
    },
  },
} as const;

const reviewAnswer = { 200: successWith(reviewDetailSchema) } as const;
const notFound = { 404: { ...errorSchema, description: REVIEW_NOT_FOUND } } as const;

export const reviewListEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/reviews',
  summary: 'The changes submitted for review, newest first (200 at most): those waiting, or of one status, or the signed-in operator\'s own',
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: {
    query: {
      type: 'object',
      additionalProperties: false,
      properties: {
        status: { enum: REVIEW_STATUSES, 'x-message': `One of: ${REVIEW_STATUSES.join(', ')}.` },
        mine: { enum: ['1'], description: "Only the signed-in operator's own changes", 'x-message': 'mine is 1.' },
      },
    },
  },
  responses: { 200: successWith({ type: 'array', items: reviewSummarySchema }), 400: errorSchema, ...denied },
});

export const reviewCountsEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/reviews/counts',
  summary: "What the studio's navigation shows: the changes waiting for review, and the signed-in operator's changes with a decision they have not opened",
  caller: 'a viewer',
  security: operatorSession,
  tags,
  responses: {
    200: successWith({ type: 'object', required: ['waiting', 'answered'], additionalProperties: false, properties: { waiting: { type: 'integer' }, answered: { type: 'integer' } } }),
    ...denied,
  },
});

export const reviewReadEndpoint = endpoint({
  method: 'GET',
  path: '/api/studio/reviews/:id',
  summary: 'One change: its files with what each changes against the published file (and whether it was published since), and its thread. Opened by its author, its decision counts as seen',
  caller: 'a viewer',
  security: operatorSession,
  tags,
  request: { params: reviewIdParam },
  responses: { ...reviewAnswer, 400: errorSchema, ...notFound, ...denied },
});

export const reviewSubmitEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/reviews',
  summary: "Submit some of the operator's drafts for review as one change, with a note: each file is kept as it is now (later edits of the draft are not in it until it is submitted again). Refused while the site with them has problems",
  caller: 'an editor',
  security: operatorSession,
  tags,
  request: {
    body: objectBody(
      {
        paths: { type: 'array', minItems: 1, maxItems: 50, uniqueItems: true, items: contentPath, 'x-message': 'Choose the drafts to submit.', 'x-required': 'Choose the drafts to submit.' },
        note,
        notifyByEmail: { type: 'boolean', description: 'Also tell the author by e-mail when the change is published or sent back', 'x-message': 'true or false.' },
      },
      ['paths', 'note'],
    ),
  },
  responses: {
    201: successWith(reviewDetailSchema),
    400: { ...errorSchema, description: `validation_failed: fields name a path you have no draft of ('${REVIEW_NOT_DRAFTED}'), or in another open change of yours; nothing_to_submit` },
    422: { ...errorSchema, description: `review_blocked: '${REVIEW_BLOCKED}'; fields by file:pointer` },
    ...denied,
  },
});

export const reviewResubmitEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/reviews/:id/resubmit',
  summary: "Submit a change again (sent back, or still waiting) with the author's drafts of its files as they are now, and a note for the publisher",
  caller: 'the change\'s author (an editor)',
  security: operatorSession,
  tags,
  request: { params: reviewIdParam, body: objectBody({ note, notifyByEmail: { type: 'boolean', 'x-message': 'true or false.' } }, ['note']) },
  responses: {
    ...reviewAnswer,
    400: { ...errorSchema, description: 'validation_failed; nothing_to_submit' },
    ...notFound,
    409: { ...errorSchema, description: `review_decided: '${REVIEW_DECIDED}'` },
    422: { ...errorSchema, description: `review_blocked: '${REVIEW_BLOCKED}'` },
    ...denied,
  },
});

export const reviewWithdrawEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/reviews/:id/withdraw',
  summary: 'Withdraw a change from review: its drafts stay as they are',
  caller: "the change's author (an editor)",
  security: operatorSession,
  tags,
  request: { params: reviewIdParam },
  responses: { ...reviewAnswer, 400: errorSchema, ...notFound, 409: { ...errorSchema, description: 'review_decided' }, ...denied },
});

export const reviewSendBackEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/reviews/:id/send-back',
  summary: 'Send a change back to its author with a comment: they are told in the studio, and by e-mail when they asked for it',
  caller: 'a publisher',
  security: operatorSession,
  tags,
  request: { params: reviewIdParam, body: objectBody({ comment: { type: 'string', minLength: 1, maxLength: 2000, pattern: '\\S', 'x-message': REVIEW_COMMENT_RULE, 'x-required': REVIEW_COMMENT_RULE } }, ['comment']) },
  responses: { ...reviewAnswer, 400: errorSchema, ...notFound, 409: { ...errorSchema, description: 'review_decided' }, ...denied },
});

export const reviewPublishEndpoint = endpoint({
  method: 'POST',
  path: '/api/studio/reviews/:id/publish',
  summary: "Publish a change as submitted and as the publisher was shown it (its revision; submitted again since: 409), as one version (as a publish of one's own drafts: formatted, checked with the whole site, every server swaps to it); the author's drafts of its files are discarded unless edited since",
  caller: 'a publisher',
  security: operatorSession,
  tags,
  request: {
    params: reviewIdParam,
    body: objectBody(
      {
        revision: { type: 'string', minLength: 1, maxLength: 100, description: 'The revision of the change as the publisher was shown it (its detail\'s `revision`)', 'x-message': REVIEW_REVISION_RULE, 'x-required': REVIEW_REVISION_RULE },
        message: { type: 'string', maxLength: 500, description: 'What changed, in the history (default: the note)', 'x-message': 'At most 500 characters.' },
      },
      ['revision'],
    ),
  },
  responses: {
    ...reviewAnswer,
    400: errorSchema,
    ...notFound,
    409: { ...errorSchema, description: `review_decided; review_changed: '${REVIEW_CHANGED}'; publish_conflict: '${REVIEW_PUBLISHED_SINCE}', fields by path` },
    422: { ...errorSchema, description: 'publish_blocked: the site with the change would have problems; fields by file:pointer' },
    ...denied,
  },
});

export const reviewEndpoints = [
  reviewListEndpoint,
  reviewCountsEndpoint,
  reviewReadEndpoint,
  reviewSubmitEndpoint,
  reviewResubmitEndpoint,
  reviewWithdrawEndpoint,
  reviewSendBackEndpoint,
  reviewPublishEndpoint,
] as const;
