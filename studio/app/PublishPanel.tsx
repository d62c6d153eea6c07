/**
 * The publish panel: this operator's drafts, the site's problems (each a link to its file), and
 * Publish, which stays disabled while any problem stands, the reason beside it. An editor submits
 * the drafts for review instead, with a note (or submits again the change a publisher sent back,
 * whose comment shows here); a viewer gets a note. A conflict (another operator published one of the files since
 * the draft began) is explained, with a way to reload the file; after a publish, a link to the page.
 */
import { useId, useState } from 'react';
import { DRAFT_CONFLICT, PUBLISH_BLOCKED } from '../../schemas/api/studio';
import { problemSentence } from '../../schemas/definition-places';
import { StudioApiError, type ContentProblem, type Operator } from '../api/studio-client';
import { fileLabel, pageName, type FileEntry } from './kinds';
import { editPath, historyPath, Link, reviewsPath, useLocation } from './router';
import { atLeast, useStudio } from './studio-context';
import { Alert, Status, useLoad } from './ui';

export interface Published {
  version: number;
  files: string[];
}

export interface PublishPanelProps {
  operator: Operator;
  drafts: readonly FileEntry[];
  problems: readonly ContentProblem[];
  /**
   * Whether `problems` covers the drafts: true once an autosave (or a refused publish) has answered
   * the site's problems with them in place. Until then only the published files' problems are known,
   * and the panel says the drafts are checked on save and on publish (the server refuses a publish
   * with problems whatever the panel knows).
   */
  draftsChecked: boolean;
  /** The publish refused with problems (422): the server's list replaces the one shown. */
  onProblems(problems: ContentProblem[]): void;
  onPublished(result: Published): void;
  /** The draft of this file was discarded after a conflict: open it afresh. */
  onReload(path: string): void;
}

type Outcome =
  | { kind: 'none' }
  | { kind: 'published'; version: number; files: string[]; view: string | null }
  | { kind: 'conflict'; message: string; paths: string[] }
  | { kind: 'failed'; message: string };

/** Problems from a 422's fields, keyed `file:pointer`. */
export function problemsOfFields(fields: Record<string, string>): ContentProblem[] {
  return Object.entries(fields).map(([key, message]) => {
    // The server lists so many and counts the rest under `more`.
    if (key === 'more') return { file: '', pointer: '', message };
    const colon = key.indexOf(':');
    return colon === -1 ? { file: key, pointer: '', message } : { file: key.slice(0, colon), pointer: key.slice(colon + 1), message };
  });
}

/** The site address of the first page among the files, as routes.json names it (a route without parameters). */
export function pageAddress(routesText: string | null | undefined, files: readonly string[]): string | null {
  const names = files.map(pageName).filter((n): n is string => n !== null);
  if (names.length === 0 || !routesText) return null;
  try {
    const routes = (JSON.parse(routesText) as { routes?: { path?: unknown; page?: unknown }[] }).routes ?? [];
    for (const name of names) {
      const route = routes.find((r) => r.page === name && typeof r.path === 'string' && !r.path.includes(':'));
      if (route) return route.path as string;
    }
  } catch {
    // A routes file that does not parse names no page.
  }
  return null;
}

export function PublishPanel({ operator, drafts, problems, draftsChecked, onProblems, onPublished, onReload }: PublishPanelProps) {
  const { client, failure } = useStudio();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  // What a publish answered belongs to the screen it was done on: the next screen starts without it.
  const { pathname } = useLocation();
  const [outcomeAt, setOutcomeAt] = useState(pathname);
  if (outcomeAt !== pathname) {
    setOutcomeAt(pathname);
    if (outcome.kind !== 'none') setOutcome({ kind: 'none' });
  }
  const canPublish = atLeast(operator, 'publisher');
  const canDraft = atLeast(operator, 'editor');

  const reason = problems.length > 0 ? PUBLISH_BLOCKED : drafts.length === 0 ? 'Nothing to publish: you have no drafts.' : '';
  const blocked = reason !== '' || busy;

  const publish = async () => {
    if (blocked) return;
    setBusy(true);
    setOutcome({ kind: 'none' });
    try {
      const result = await client.publish(message.trim() ? { message: message.trim() } : {});
      let view: string | null = null;
      if (result.files.some((f) => pageName(f))) {
        view = await client.file('routes.json').then(
          (routes) => pageAddress(routes.published?.text, result.files),
          () => null,
        );
      }
      setMessage('');
      setOutcome({ kind: 'published', version: result.version, files: result.files, view });
      onPublished(result);
    } catch (error) {
      if (error instanceof StudioApiError && error.status === 409) {
        const paths = Object.keys(error.fields);
        setOutcome({ kind: 'conflict', message: error.message || DRAFT_CONFLICT, paths: paths.length ? paths : drafts.map((d) => d.path) });
        setOpen(true);
      } else if (error instanceof StudioApiError && error.status === 422) {
        // The reason beside the button says it (and is announced): no second message.
        onProblems(problemsOfFields(error.fields));
        setOpen(true);
      } else {
        const text = failure(error);
        if (text) setOutcome({ kind: 'failed', message: text });
      }
    } finally {
      setBusy(false);
    }
  };

  const discardAndReload = async (path: string) => {
    try {
      await client.discardDraft(path);
      setOutcome({ kind: 'none' });
      onReload(path);
    } catch (error) {
      const text = failure(error);
      if (text) setOutcome({ kind: 'failed', message: text });
    }
  };

  const unchecked = drafts.length > 0 && !draftsChecked && problems.length === 0;
  const countText = `${drafts.length} ${drafts.length === 1 ? 'draft' : 'drafts'} · ${unchecked ? 'not checked yet' : `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`}`;

  return (
    <section className={`publish${problems.length ? ' publish--blocked' : ''}`} aria-labelledby={`${id}-title`}>
      <div className="publish__bar">
        <h2 className="publish__title" id={`${id}-title`}>
          Publish
        </h2>
        <button type="button" className="publish__toggle" aria-expanded={open} aria-controls={`${id}-details`} onClick={() => setOpen((o) => !o)}>
          <span className={problems.length ? 'publish__count publish__count--problems' : 'publish__count'}>
            {problems.length ? <span aria-hidden="true">⚠ </span> : null}
            {countText}
          </span>
          <span className="publish__toggle-word">{open ? 'Hide' : 'Show'}</span>
        </button>
        {canPublish ? (
          <div className="publish__act">
            <label className="visually-hidden" htmlFor={`${id}-message`}>
              What changed (optional, for the history)
            </label>
            <input
              id={`${id}-message`}
              className="field__input publish__message"
              placeholder="What changed (optional)"
              maxLength={500}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && void publish()}
            />
            <button type="button" className="button button--primary" disabled={blocked} aria-describedby={reason ? `${id}-reason` : undefined} onClick={() => void publish()}>
              {busy ? 'Publishing…' : drafts.length > 1 ? `Publish ${drafts.length} files` : 'Publish'}
            </button>
          </div>
        ) : canDraft ? (
          <SubmitForReview drafts={drafts} problems={problems} onProblems={onProblems} />
        ) : (
          <p className="publish__note">Your role reads files, previews and history; drafting needs the editor role.</p>
        )}
      </div>
      {/* Live: a publish refused for problems is announced by the reason appearing. */}
      <div aria-live="polite">
        {canPublish && reason ? (
          <p className={`publish__reason${problems.length ? '' : ' publish__reason--calm'}`} id={`${id}-reason`}>
            {reason}
            {problems.length > 0 && !open ? (
              <>
                {' '}
                <button type="button" className="link" onClick={() => setOpen(true)} aria-controls={`${id}-details`}>
                  See the problems
                </button>
              </>
            ) : null}
          </p>
        ) : null}
      </div>

      <Alert className="publish__alert">
        {outcome.kind === 'failed' ? outcome.message : null}
        {outcome.kind === 'conflict' ? (
          <>
            <p>{outcome.message}</p>
            <ul className="conflict">
              {outcome.paths.map((path) => (
                <li key={path}>
                  <code>{path}</code>{' '}
                  <Link href={editPath(path)}>
                    Open my draft{' '}<span className="visually-hidden">of {path}</span>
                  </Link>{' '}
                  <button type="button" className="button button--secondary button--small" onClick={() => void discardAndReload(path)}>
                    Discard my draft and reload {fileLabel(path)}
                  </button>
                </li>
              ))}
            </ul>
            <p className="muted">Copy anything you want to keep from your draft before discarding it.</p>
          </>
        ) : null}
      </Alert>
      <Status className="publish__status">
        {outcome.kind === 'published' ? (
          <>
            Published as version {outcome.version}: {outcome.files.join(', ')}.{' '}
            {outcome.view ? (
              <a href={outcome.view} target="_blank" rel="noopener">
                View {outcome.view} on the site{' '}<span className="visually-hidden">(opens a new tab)</span>
              </a>
            ) : (
              <a href="/" target="_blank" rel="noopener">
                View the site{' '}<span className="visually-hidden">(opens a new tab)</span>
              </a>
            )}{' '}
            · <Link href={historyPath(outcome.version)}>See it in the history</Link>
          </>
        ) : null}
      </Status>

      <div className="publish__details" id={`${id}-details`} hidden={!open}>
        <div className="publish__column">
          <h3 className="publish__subtitle">Your drafts</h3>
          {drafts.length === 0 ? (
            <p className="muted">{canDraft ? 'No drafts. Your changes are saved as a draft as you type.' : 'Viewers have no drafts.'}</p>
          ) : (
            <ul className="publish__list">
              {drafts.map((d) => (
                <li key={d.path}>
                  <Link href={editPath(d.path)}>{d.path}</Link>
                  {!d.published ? <span className="badge badge--new">new</span> : null}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="publish__column">
          <h3 className="publish__subtitle">Problems of the site</h3>
          {problems.length === 0 ? (
            <p className="muted">
              {unchecked
                ? 'The published site has no problems. Your drafts are checked with the whole site each time one is saved, and again on Publish.'
                : `No problems: the site ${drafts.length ? 'with your drafts ' : ''}passes every check.`}
            </p>
          ) : (
            <ul className="publish__list problems">
              {problems.map((p) => (
                <li key={`${p.file}|${p.pointer}|${p.message}`} className="problem">
                  {p.file ? (
                    <Link href={editPath(p.file)} className="problem__file">
                      {p.file}
                    </Link>
                  ) : null}
                  <span className="problem__message">{problemSentence(p)}</span>
                  {/* The JSON pointer, for developers and the CLI. */}
                  {p.pointer ? <code className="problem__pointer">{p.pointer}</code> : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * An editor's drafts to a publisher: "Submit for review" with a note, or, when a change of theirs
 * holding these files waits or was sent back, "Submit again" for that change, the publisher's
 * comment above it.
 */
function SubmitForReview({ drafts, problems, onProblems }: { drafts: readonly FileEntry[]; problems: readonly ContentProblem[]; onProblems(problems: ContentProblem[]): void }) {
  const { client, failure } = useStudio();
  const id = useId();
  const [mine, reloadMine] = useLoad(() => client.reviews({ mine: '1' }), () => '', [client]);
  const [note, setNote] = useState('');
  const [byEmail, setByEmail] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const open = mine.state === 'ready' ? mine.value.find((c) => (c.status === 'sent_back' || c.status === 'submitted') && c.files.some((f) => drafts.some((d) => d.path === f))) : undefined;
  const [thread] = useLoad(() => (open?.status === 'sent_back' ? client.review(open.id) : Promise.resolve(null)), () => '', [client, open?.id, open?.status]);
  const comment = thread.state === 'ready' && thread.value ? [...thread.value.events].reverse().find((e) => e.kind === 'sent_back') : undefined;
  const reason = problems.length > 0 ? 'Fix the problems first.' : drafts.length === 0 ? 'Nothing to submit: you have no drafts.' : '';

  const submit = async () => {
    if (reason || busy) return;
    if (!note.trim()) {
      setError('Say in a few words what the change is.');
      return;
    }
    setBusy(true);
    setError('');
    setDone('');
    try {
      const body = { note: note.trim(), ...(byEmail ? { notifyByEmail: true } : {}) };
      const result = open ? await client.resubmitReview(open.id, body) : await client.submitReview({ ...body, paths: drafts.map((d) => d.path) });
      setNote('');
      setDone(`Submitted for review as change ${result.review.id}: a publisher publishes it or sends it back.`);
      reloadMine();
    } catch (e) {
      if (e instanceof StudioApiError && e.status === 422) onProblems(problemsOfFields(e.fields));
      const text = e instanceof StudioApiError && e.fields.note ? e.fields.note : failure(e);
      if (text) setError(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="publish__act publish__act--review">
      {open?.status === 'sent_back' ? (
        <p className="publish__sent-back" role="note">
          <Link href={reviewsPath(open.id)}>Change {open.id}</Link> was sent back
          {comment ? (
            <>
              {' '}
              by {comment.operator}: <q>{comment.comment}</q>
            </>
          ) : null}
        </p>
      ) : null}
      <label className="visually-hidden" htmlFor={`${id}-note`}>
        Note for the publisher
      </label>
      <input
        id={`${id}-note`}
        className="field__input publish__message"
        placeholder="Note for the publisher"
        maxLength={2000}
        value={note}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setNote(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && void submit()}
      />
      <label className="publish__email">
        <input type="checkbox" checked={byEmail} onChange={(e) => setByEmail(e.target.checked)} /> E-mail me the decision
      </label>
      <button type="button" className="button button--primary" disabled={reason !== '' || busy} title={reason || undefined} onClick={() => void submit()}>
        {busy ? 'Submitting…' : open ? 'Submit again' : 'Submit for review'}
      </button>
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <Status className="publish__status">{done}</Status>
    </div>
  );
}
