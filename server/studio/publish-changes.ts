/**
 * Publishing a set of file texts, each with the published text's hash it began from: an
 * operator's own drafts (POST /api/studio/publish) and a change submitted for review (POST
 * /api/studio/reviews/:id/publish) go the same way.
 *
 * 1. A text that is the published file's (as it is, or once formatted) has nothing to publish.
 * 2. A file published since its text began refuses the publish (409): nothing is overwritten.
 *    Checked here for every file at once, and again by the live site under its publish lock
 *    (`expected`), which holds across servers.
 * 3. The whole site with the texts in place must pass (422), checked as written so a JSON error's
 *    line is the operator's line.
 * 4. The texts are formatted (./content-format.ts) and published as one version.
 */
import { PUBLISH_BLOCKED } from '../../schemas/api/studio';
import { InvalidContentError, type DefinitionProblem } from '../content/definition-problem';
import { ContentConflictError, publishedTextHash, type LiveSite } from '../content/live-site';
import { problemSentence } from '../content/problem-place';
import { ApiError } from '../http/api-error';
import { formatDefinitionOrNull } from './content-format';

/** A refusal lists at most this many problems; the studio shows them all as the operator types (draft save). */
export const MAX_PROBLEM_FIELDS = 50;

export interface PendingText {
  path: string;
  text: string;
  /** sha256 of the published text it began from; null: a new file. */
  baseHash: string | null;
}

export interface PublishOutcome<T extends PendingText> {
  version: number;
  files: string[];
  /** The texts published. */
  published: T[];
  /** The texts that were the published file's already (nothing to publish). */
  unchanged: T[];
}

/** Problems as an error's fields, keyed `file:pointer` (the first sentence of each, its place in words first), at most MAX_PROBLEM_FIELDS. */
export function problemFields(problems: readonly DefinitionProblem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  let count = 0;
  for (const p of problems) {
    const key = `${p.file}:${p.pointer}`;
    if (key in fields) continue;
    if (count === MAX_PROBLEM_FIELDS) {
      fields['more'] = `${problems.length - count} more problem(s) not listed.`;
      break;
    }
    fields[key] = problemSentence(p);
    count++;
  }
  return fields;
}

/** A publish refused by the live site: its problems, or a file changed meanwhile (checked under its lock). */
export function refusal(err: unknown, conflict: (files: string[]) => ApiError): unknown {
  if (err instanceof InvalidContentError) return new ApiError(422, 'publish_blocked', PUBLISH_BLOCKED, problemFields(err.problems));
  if (err instanceof ContentConflictError) return conflict(err.files);
  return err;
}

/** Which texts differ from the published files (as written, or once formatted), with their formatted text. */
export async function sortOutUnchanged<T extends PendingText>(live: LiveSite, texts: readonly T[]): Promise<{ changed: T[]; unchanged: T[]; formatted: Map<string, string | null> }> {
  const formatted = new Map<string, string | null>();
  const changed: T[] = [];
  const unchanged: T[] = [];
  for (const t of texts) {
    const current = live.readPublished(t.path);
    const pretty = await formatDefinitionOrNull(t.text);
    formatted.set(t.path, pretty);
    if (current !== null && (current === t.text || current === pretty)) unchanged.push(t);
    else changed.push(t);
  }
  return { changed, unchanged, formatted };
}

/**
 * Publishes the texts that change something as one version (`version` null when none does).
 * Throws `conflict(paths)` for files published since their text began, 422 publish_blocked for
 * problems.
 */
export async function publishTexts<T extends PendingText>(
  live: LiveSite,
  texts: readonly T[],
  meta: { author: string; message: (files: string[]) => string },
  conflict: (paths: string[]) => ApiError,
): Promise<PublishOutcome<T> | { version: null; unchanged: T[] }> {
  const { changed, unchanged, formatted } = await sortOutUnchanged(live, texts);
  if (changed.length === 0) return { version: null, unchanged };
  const conflicts = changed.filter((t) => t.baseHash !== publishedTextHash(live.readPublished(t.path)));
  if (conflicts.length) throw conflict(conflicts.map((t) => t.path));
  const problems = await live.check(new Map(changed.map((t) => [t.path, t.text])));
  if (problems.length) throw new ApiError(422, 'publish_blocked', PUBLISH_BLOCKED, problemFields(problems));
  const changes = new Map<string, string | null>(changed.map((t) => [t.path, formatted.get(t.path) ?? t.text]));
  const files = [...changes.keys()];
  try {
    const expected = new Map(changed.map((t) => [t.path, t.baseHash]));
    const version = await live.publish(changes, { author: meta.author, message: meta.message(files).slice(0, 500), expected });
    return { version, files, published: changed, unchanged };
  } catch (err) {
    throw refusal(err, conflict);
  }
}
