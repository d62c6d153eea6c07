/**
 * Review (schemas/api/studio-reviews.ts; docs/studio.md, "Review"): an editor submits some of their
 * drafts as a change with a note; publishers publish it or send it back with a comment; its author
 * submits it again or withdraws it. Every step is in the audit log; the author is told in the
 * studio (GET /api/studio/reviews/counts) and by e-mail when they asked for it.
 *
 * Who may: a viewer reads; an editor submits; only the author submits a change again or withdraws
 * it; a publisher sends back and publishes. The gate (./operator-gate.ts) answers 401 and 403
 * before anything is read.
 *
 * A change keeps its files as submitted, each with the hash of the published text it began from. A
 * publish goes through the same steps as an operator's own (./publish-changes.ts): a file published
 * since the change began refuses it (409), so two changes of one file can never lose either; the
 * author brings the change onto the new file (the publisher sends it back, saying so).
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  REVIEW_ALREADY_OPEN,
  REVIEW_BLOCKED,
  REVIEW_CHANGED,
  REVIEW_DECIDED,
  REVIEW_NOT_DRAFTED,
  REVIEW_NOT_FOUND,
  REVIEW_NOT_YOURS,
  REVIEW_NOTHING,
  REVIEW_PUBLISHED_SINCE,
  reviewCountsEndpoint,
  reviewListEndpoint,
  reviewPublishEndpoint,
  reviewReadEndpoint,
  reviewResubmitEndpoint,
  reviewSendBackEndpoint,
  reviewSubmitEndpoint,
  reviewWithdrawEndpoint,
} from '../../schemas/api/studio-reviews';
import { DRAFT_CONFLICT } from '../../schemas/api/studio';
import { publishedTextHash } from '../content/live-site';
import { readJson } from '../api/read-json';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import { changeLines } from './change-lines';
import { definitionPath } from './content-path';
import { ContentVersions, fileDiff } from './content-versions';
import { DraftStore, type Draft } from './draft-store';
import type { OperatorGate, SignedInOperator } from './operator-gate';
import { problemFields, publishTexts, sortOutUnchanged } from './publish-changes';
import { changeTitle, mailAuthor } from './review-mail';
import { OPEN_STATUSES, ReviewStore, reviewRevision, type Review, type ReviewFile } from './review-store';
import type { StudioDeps } from './studio-deps';

const notFound = () => new ApiError(404, 'not_found', REVIEW_NOT_FOUND);
const decided = () => new ApiError(409, 'review_decided', REVIEW_DECIDED);

function noStore(ctx: Context): void {
  ctx.set('Cache-Control', 'no-store');
}

export function reviewRoutes(api: Router, deps: StudioDeps, gate: OperatorGate): void {
  const { live } = deps;
  const q = deps.database.q;
  const reviews = new ReviewStore(q);
  const drafts = new DraftStore(deps.database);
  const versions = new ContentVersions(deps.database);

  async function summary(r: Review, viewer: SignedInOperator) {
    const overlaps = r.status === 'submitted' ? await reviews.waitingWith(r.files.map((f) => f.path), r.id) : [];
    return {
      id: r.id,
      status: r.status,
      author: r.author,
      note: r.note,
      files: r.files.map((f) => f.path),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      decidedBy: r.decidedBy,
      version: r.version,
      unseen: r.authorId === viewer.id && !r.authorSeen,
      overlaps,
    };
  }

  /** The change with each file against the site as published now (a published change: against the text before its version). */
  async function detail(r: Review, viewer: SignedInOperator) {
    const before = new Map<string, string | null>();
    if (r.status === 'published' && r.version !== null) {
      for (const f of (await versions.read(r.version))?.files ?? []) before.set(f.path, f.before);
    }
    const files = r.files.map((f) => {
      const current = live.readPublished(f.path);
      const base = before.has(f.path) ? before.get(f.path)! : current;
      const diff = fileDiff({ path: f.path, before: base, after: f.text });
      return {
        path: f.path,
        text: f.text,
        kind: diff.kind,
        publishedSince: r.status !== 'published' && f.baseHash !== publishedTextHash(current),
        lines: changeLines(f.path, base, f.text),
        diff: diff.diff,
      };
    });
    return { review: await summary(r, viewer), revision: reviewRevision(r.files), files, events: await reviews.events(r.id) };
  }

  async function found(id: string): Promise<Review> {
    const r = await reviews.get(Number(id));
    if (!r) throw notFound();
    return r;
  }

  /**
   * The drafts of these paths as the files of a change: each must be the operator's draft, differ
   * from the published file, still begin from the published file, and the site with them in place
   * must pass every check.
   */
  async function filesOf(who: SignedInOperator, paths: readonly string[], field: (i: number) => string): Promise<ReviewFile[]> {
    const mine = new Map((await drafts.list(who.id)).map((d) => [d.path, d]));
    const chosen: Draft[] = [];
    const fields: Record<string, string> = {};
    paths.forEach((p, i) => {
      const { path } = definitionPath(live.dir, p, field(i));
      const draft = mine.get(path);
      if (draft) chosen.push(draft);
      else fields[field(i)] = REVIEW_NOT_DRAFTED;
    });
    if (Object.keys(fields).length) throw new ApiError(400, 'validation_failed', Object.values(fields)[0]!, fields);
    const { changed } = await sortOutUnchanged(live, chosen);
    if (changed.length === 0) throw new ApiError(400, 'nothing_to_submit', REVIEW_NOTHING);
    // Someone published a file since this draft began: the draft must be brought onto it first.
    const stale = changed.filter((d) => d.baseHash !== publishedTextHash(live.readPublished(d.path)));
    if (stale.length) throw new ApiError(409, 'publish_conflict', DRAFT_CONFLICT, Object.fromEntries(stale.map((d) => [d.path, DRAFT_CONFLICT])));
    const problems = await live.check(new Map(changed.map((d) => [d.path, d.text])));
    if (problems.length) throw new ApiError(422, 'review_blocked', REVIEW_BLOCKED, problemFields(problems));
    return changed.map((d) => ({ path: d.path, text: d.text, baseHash: d.baseHash }));
  }

  const filesText = (r: { files: readonly { path: string }[] }) => r.files.map((f) => f.path).join(', ');

  api.get(reviewListEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'viewer');
    const { query } = checkRequest(reviewListEndpoint, ctx);
    const list = await reviews.list({ status: query.status, ...(query.mine ? { authorId: who.id } : {}) });
    ctx.body = { success: true, data: await Promise.all(list.map((r) => summary(r, who))) };
  });

  api.get(reviewCountsEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'viewer');
    checkRequest(reviewCountsEndpoint, ctx);
    ctx.body = { success: true, data: await reviews.counts(who.id) };
  });

  api.get(reviewReadEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'viewer');
    const { params } = checkRequest(reviewReadEndpoint, ctx);
    const r = await found(params.id);
    // Its author has now seen the decision (the studio's badge goes).
    if (r.authorId === who.id && !r.authorSeen) {
      await reviews.markSeen(r.id);
      r.authorSeen = true;
    }
    ctx.body = { success: true, data: await detail(r, who) };
  });

  api.post(reviewSubmitEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'editor');
    const { body } = checkRequest(reviewSubmitEndpoint, ctx, await readJson(ctx));
    const open = await reviews.openPathsOf(who.id);
    const already = body.paths.map((p, i) => [`paths.${i}`, p] as const).filter(([, p]) => open.has(p));
    if (already.length) throw new ApiError(400, 'validation_failed', REVIEW_ALREADY_OPEN, Object.fromEntries(already.map(([field]) => [field, REVIEW_ALREADY_OPEN])));
    const files = await filesOf(who, body.paths, (i) => `paths.${i}`);
    const note = body.note.trim();
    const id = await reviews.create(who, { note, notifyEmail: body.notifyByEmail === true, files });
    await gate.audit(ctx, who, 'review.submitted', `change ${id}: ${filesText({ files })}: ${changeTitle(note)}`);
    ctx.status = 201;
    ctx.body = { success: true, data: await detail((await reviews.get(id))!, who) };
  });

  api.post(reviewResubmitEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'editor');
    const { params, body } = checkRequest(reviewResubmitEndpoint, ctx, await readJson(ctx));
    const r = await found(params.id);
    if (r.authorId !== who.id) throw new ApiError(403, 'forbidden', REVIEW_NOT_YOURS);
    if (!OPEN_STATUSES.includes(r.status)) throw decided();
    // The change's files as the author's drafts hold them now; a file whose draft is gone leaves the change.
    const drafted = new Set((await drafts.list(who.id)).map((d) => d.path));
    const paths = r.files.map((f) => f.path).filter((p) => drafted.has(p));
    if (paths.length === 0) throw new ApiError(400, 'nothing_to_submit', REVIEW_NOTHING);
    const files = await filesOf(who, paths, (i) => `files.${i}`);
    const note = body.note.trim();
    if (!(await reviews.resubmit(r.id, who, { note, notifyEmail: body.notifyByEmail, files }))) throw decided();
    await gate.audit(ctx, who, 'review.resubmitted', `change ${r.id}: ${filesText({ files })}: ${changeTitle(note)}`);
    ctx.body = { success: true, data: await detail((await reviews.get(r.id))!, who) };
  });

  api.post(reviewWithdrawEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'editor');
    const { params } = checkRequest(reviewWithdrawEndpoint, ctx);
    const r = await found(params.id);
    if (r.authorId !== who.id) throw new ApiError(403, 'forbidden', REVIEW_NOT_YOURS);
    if (!(await reviews.move(r.id, OPEN_STATUSES, 'withdrawn', { email: who.email, isAuthor: true }, { kind: 'withdrawn', comment: '' }))) throw decided();
    await gate.audit(ctx, who, 'review.withdrawn', `change ${r.id}: ${filesText(r)}`);
    ctx.body = { success: true, data: await detail((await reviews.get(r.id))!, who) };
  });

  api.post(reviewSendBackEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'publisher');
    const { params, body } = checkRequest(reviewSendBackEndpoint, ctx, await readJson(ctx));
    const r = await found(params.id);
    const comment = body.comment.trim();
    if (!(await reviews.move(r.id, ['submitted'], 'sent_back', { email: who.email, isAuthor: r.authorId === who.id }, { kind: 'sent_back', comment }))) throw decided();
    await gate.audit(ctx, who, 'review.sent_back', `change ${r.id} of ${r.author}: ${filesText(r)}: ${comment.slice(0, 300)}`);
    await mailAuthor(q, deps.publicUrl, r, { kind: 'sent_back', by: who.email, comment }, `sent-back:${Date.now()}`);
    ctx.body = { success: true, data: await detail((await reviews.get(r.id))!, who) };
  });

  api.post(reviewPublishEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'publisher');
    const { params, body } = checkRequest(reviewPublishEndpoint, ctx, await readJson(ctx));
    const r = await found(params.id);
    if (r.status !== 'submitted') throw decided();
    // Claimed first, so a send-back (or a second publisher) meanwhile is told it was decided; and
    // claimed only as the publisher was shown it (its revision), so a change submitted again since
    // is refused rather than published unseen. From the claim on, nobody can submit it again.
    const claim = await reviews.claimToPublish(r.id, body.revision, { email: who.email, isAuthor: r.authorId === who.id });
    if (claim === 'decided') throw decided();
    if (claim === 'changed') throw new ApiError(409, 'review_changed', REVIEW_CHANGED);
    const message = body.message?.trim() || `${changeTitle(r.note)} (change ${r.id} by ${r.author})`;
    let outcome: Awaited<ReturnType<typeof publishTexts<ReviewFile>>>;
    try {
      outcome = await publishTexts(live, claim.claimed, { author: who.email, message: () => message }, (paths) => new ApiError(409, 'publish_conflict', REVIEW_PUBLISHED_SINCE, Object.fromEntries(paths.map((p) => [p, REVIEW_PUBLISHED_SINCE]))));
      if (outcome.version === null) throw new ApiError(400, 'nothing_to_publish', 'There is nothing to publish: every file of this change is the published file already.');
    } catch (err) {
      await reviews.release(r.id);
      throw err;
    }
    await reviews.published(r.id, outcome.version, who.email, body.message?.trim() ?? '');
    // The author's drafts were this change: gone, unless they went on editing them since.
    await drafts.discardIfUnchanged(r.authorId, claim.claimed);
    await gate.audit(ctx, who, 'review.published', `change ${r.id} of ${r.author} as version ${outcome.version}: ${outcome.files.join(', ')}`);
    await mailAuthor(q, deps.publicUrl, r, { kind: 'published', by: who.email, comment: body.message?.trim() ?? '', version: outcome.version }, `published:${outcome.version}`);
    ctx.body = { success: true, data: await detail((await reviews.get(r.id))!, who) };
  });
}
