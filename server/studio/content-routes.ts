/**
 * The studio's content API (schemas/api/studio.ts; docs/studio.md): the definition files, each
 * operator's drafts (autosaved, with a revision so a stale tab cannot overwrite a newer save),
 * the preview with the real renderer, publish (conflicts and problems refused, written in the one
 * canonical format of ./content-format.ts) and the versions with their diffs and restore.
 *
 * Every route first asks the gate who calls (./operator-gate.ts: 401 without an operator session,
 * 403 for a lower role or a write from a foreign Origin), then checks the request against its
 * contract, then a path against the folder's layout and the disk (./content-path.ts).
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  DRAFT_CONFLICT,
  PUBLISH_BLOCKED,
  draftDiscardEndpoint,
  draftSaveEndpoint,
  previewEndpoint,
  publishEndpoint,
  studioFileEndpoint,
  studioFilesEndpoint,
  versionListEndpoint,
  versionReadEndpoint,
  versionRestoreEndpoint,
} from '../../schemas/api/studio';
import { REVIEW_NOT_FOUND } from '../../schemas/api/studio-reviews';
import { InvalidContentError } from '../content/definition-problem';
import { publishedTextHash } from '../content/live-site';
import { problemSentence } from '../content/problem-place';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import { limitStore } from '../services/shared-limits';
import { readContentJson } from './content-body';
import { definitionPath, listDefinitionFiles, listImages, schemaOfPath } from './content-path';
import { PREVIEW_POLICY } from './content-preview';
import { PreviewThread } from './preview-thread';
import { ContentVersions, fileDiff } from './content-versions';
import { DraftLimits } from './draft-limits';
import { fileTitleOf } from './file-titles';
import { DraftStore, StaleDraftError, type Draft } from './draft-store';
import { problemFields, publishTexts, refusal } from './publish-changes';
import { ReviewStore } from './review-store';
import type { OperatorGate } from './operator-gate';
import type { StudioDeps } from './studio-deps';

export const DRAFT_STALE = 'This draft was saved from another tab, or published or discarded, since you loaded it. Reload it to go on from there.';
export const NOTHING_TO_PUBLISH = 'There is nothing to publish: no draft differs from the published file.';
export const RESTORE_CONFLICT = 'A later version changed this file since. Restore that later version first, or edit the file.';
export const VERSION_NOT_FOUND = 'Version not found.';
const BASE_HASH_RULE = 'baseHash is a sha256.';

/** The hash of a published text, as GET /api/studio/file answers it and a draft's baseHash names it. */
export function sha256(text: string): string {
  return publishedTextHash(text)!;
}

function noStore(ctx: Context): void {
  ctx.set('Cache-Control', 'no-store');
}

export function contentRoutes(api: Router, deps: StudioDeps, gate: OperatorGate): void {
  const { live } = deps;
  const drafts = new DraftStore(deps.database);
  const limits = new DraftLimits(limitStore(deps.database));
  const reviews = new ReviewStore(deps.database.q);
  const reviewFiles = async (id: number) => {
    const review = await reviews.get(id);
    if (!review) throw new ApiError(404, 'not_found', REVIEW_NOT_FOUND);
    return review.files;
  };
  const versions = new ContentVersions(deps.database);
  const pathOf = (value: unknown, field = 'path') => definitionPath(live.dir, value, field);
  const changesOf = (list: readonly { path: string; text: string }[], extra?: { path: string; text: string }) => {
    const changes = new Map<string, string | null>(list.map((d) => [d.path, d.text]));
    if (extra) changes.set(extra.path, extra.text);
    return changes;
  };
  const hashOf = publishedTextHash;
  const publishConflict = (files: string[]) => new ApiError(409, 'publish_conflict', DRAFT_CONFLICT, Object.fromEntries(files.map((f) => [f, DRAFT_CONFLICT])));
  const restoreConflict = (files: string[]) => new ApiError(409, 'restore_conflict', RESTORE_CONFLICT, Object.fromEntries(files.map((f) => [f, RESTORE_CONFLICT])));

  api.get(studioFilesEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'viewer');
    checkRequest(studioFilesEndpoint, ctx);
    const published = new Set(listDefinitionFiles(live.dir));
    const drafted = new Set((await drafts.list(who.id)).map((d) => d.path));
    const content = live.current();
    const files = [...new Set([...published, ...drafted])]
      .sort()
      .flatMap((path) => {
        const schema = schemaOfPath(path);
        return schema ? [{ path, schema, published: published.has(path), draft: drafted.has(path), ...fileTitleOf(content, path) }] : [];
      });
    // What would stop a publish now: the site with this operator's drafts in place (the publish panel after a reload).
    const draftProblems = drafted.size ? await live.check(changesOf(await drafts.list(who.id))) : [];
    ctx.body = { success: true, data: { files, images: listImages(live.dir), problems: live.problems(), draftProblems } };
  });

  api.get(studioFileEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'viewer');
    const { query } = checkRequest(studioFileEndpoint, ctx);
    const { path, schema } = pathOf(query.path);
    const text = live.readPublished(path);
    const draft = await drafts.get(who.id, path);
    ctx.body = {
      success: true,
      data: {
        path,
        schema,
        published: text === null ? null : { text, hash: sha256(text) },
        draft: draft && { text: draft.text, revision: draft.revision, baseHash: draft.baseHash, updatedAt: draft.updatedAt },
      },
    };
  });

  api.put(draftSaveEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'editor');
    await limits.countSave(ctx, who.id);
    const { body } = checkRequest(draftSaveEndpoint, ctx, await readContentJson(ctx));
    const { path } = pathOf(body.path);
    if (typeof body.baseHash === 'string' && !/^[0-9a-f]{64}$/.test(body.baseHash)) throw new ApiError(400, 'validation_failed', BASE_HASH_RULE, { baseHash: BASE_HASH_RULE });
    limits.checkDraft(path, body.text, await drafts.list(who.id));
    let saved: Draft;
    try {
      saved = await drafts.save(who.id, { path, text: body.text, revision: body.revision, baseHash: body.baseHash }, hashOf(live.readPublished(path)));
    } catch (err) {
      if (err instanceof StaleDraftError) throw new ApiError(409, 'draft_stale', DRAFT_STALE, { revision: DRAFT_STALE });
      throw err;
    }
    const problems = await live.check(changesOf(await drafts.list(who.id)));
    ctx.body = { success: true, data: { revision: saved.revision, updatedAt: saved.updatedAt, problems } };
  });

  api.delete(draftDiscardEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'editor');
    const { query } = checkRequest(draftDiscardEndpoint, ctx);
    const { path } = pathOf(query.path);
    const removed = await drafts.discard(who.id, [path]);
    ctx.body = { success: true, message: removed ? 'Draft discarded.' : 'There was no draft of this file.' };
  });

  // Previews are made in a thread of their own, one at a time per operator (./preview-thread.ts).
  const previews = PreviewThread.of(live, deps, deps.logger);

  api.post(previewEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'viewer');
    await limits.countPreview(ctx, who.id);
    const { body } = checkRequest(previewEndpoint, ctx, await readContentJson(ctx));
    const { path } = pathOf(body.path);
    // A change submitted for review is previewed with its files in place of this operator's drafts.
    const base = body.review === undefined ? await drafts.list(who.id) : await reviewFiles(body.review);
    let html: string;
    try {
      // With every draft of the operator in place, or, when another draft has a problem, with this
      // one alone (one broken draft must not blind the previews of all).
      const changes = [...live.changesInside(changesOf(base, { path, text: body.text }))];
      const alone = [...live.changesInside(changesOf([], { path, text: body.text }))];
      html = await previews.render(who.id, { file: path, route: body.route, changes, alone });
    } catch (err) {
      if (err instanceof InvalidContentError) throw new ApiError(422, 'preview_unavailable', err.problems[0] ? `${err.problems[0].file}: ${problemSentence(err.problems[0])}` : 'The draft cannot be rendered.', problemFields(err.problems));
      throw err;
    }
    ctx.set('Content-Security-Policy', PREVIEW_POLICY);
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  });

  api.post(publishEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'publisher');
    const { body } = checkRequest(publishEndpoint, ctx, await readContentJson(ctx));
    const named = body.paths?.map((p, i) => pathOf(p, `paths.${i}`).path);
    const mine = await drafts.list(who.id);
    const chosen = named ? mine.filter((d) => named.includes(d.path)) : mine;
    const outcome = await publishTexts(live, chosen, { author: who.email, message: (files) => body.message?.trim() || `Published ${files.join(', ')}` }, publishConflict);
    if (outcome.version === null) {
      await drafts.discardPublished(who.id, outcome.unchanged);
      throw new ApiError(400, 'nothing_to_publish', NOTHING_TO_PUBLISH);
    }
    const { version, files } = outcome;
    await drafts.discardPublished(who.id, [...outcome.published, ...outcome.unchanged]);
    const published = { version, files };
    await gate.audit(ctx, who, 'publish', `version ${published.version}: ${published.files.join(', ')}`);
    ctx.status = 201;
    ctx.body = { success: true, data: published };
  });

  api.get(versionListEndpoint.path, async (ctx) => {
    noStore(ctx);
    await gate.require(ctx, 'viewer');
    const { query } = checkRequest(versionListEndpoint, ctx);
    const path = query.path === undefined ? undefined : pathOf(query.path).path;
    ctx.body = { success: true, data: await versions.list(path) };
  });

  api.get(versionReadEndpoint.path, async (ctx) => {
    noStore(ctx);
    await gate.require(ctx, 'viewer');
    const { params } = checkRequest(versionReadEndpoint, ctx);
    const found = await versions.read(Number(params.id));
    if (!found) throw new ApiError(404, 'not_found', VERSION_NOT_FOUND);
    ctx.body = { success: true, data: { version: found.version, changes: found.files.map(fileDiff) } };
  });

  api.post(versionRestoreEndpoint.path, async (ctx) => {
    noStore(ctx);
    const who = await gate.require(ctx, 'publisher');
    const { params } = checkRequest(versionRestoreEndpoint, ctx);
    const id = Number(params.id);
    const found = await versions.read(id);
    if (!found) throw new ApiError(404, 'not_found', VERSION_NOT_FOUND);
    // Each file must still be as this version left it: otherwise a later change would be lost.
    const moved = found.files.filter((f) => live.readPublished(f.path) !== f.after);
    if (moved.length) throw restoreConflict(moved.map((f) => f.path));
    const changes = new Map<string, string | null>(found.files.map((f) => [f.path, f.before]));
    const problems = await live.check(changes);
    if (problems.length) throw new ApiError(422, 'publish_blocked', PUBLISH_BLOCKED, problemFields(problems));
    const files = [...changes.keys()];
    let version: number;
    try {
      const expected = new Map(found.files.map((f) => [f.path, hashOf(f.after)]));
      version = await live.publish(changes, { author: who.email, message: `Restored the files as they were before version ${id}`, restoredFrom: id, expected });
    } catch (err) {
      throw refusal(err, restoreConflict);
    }
    const restored = { version, files };
    await gate.audit(ctx, who, 'restore', `version ${restored.version} restores the files before version ${id}: ${restored.files.join(', ')}`);
    ctx.status = 201;
    ctx.body = { success: true, data: restored };
  });
}
