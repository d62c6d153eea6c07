/**
 * Review: the changes editors submitted, and one change with what it changes (in the words of the
 * form, the diff as a detail) and its thread. A publisher publishes it or sends it back with a
 * comment; its author sees the decision and the comment here and submits again from the publish
 * bar of the file (./PublishPanel.tsx), or withdraws it while it waits. The list shows the changes waiting, then the operator's own.
 */
import { useEffect, useRef, useState } from 'react';
import { REVIEW_STATUS_LABEL } from '../../schemas/api/studio-reviews';
import { StudioApiError, type ReviewDetail, type ReviewSummary } from '../api/studio-client';
import { PreviewPane } from '../editor/PreviewPane';
import { DiffView } from './DiffView';
import { problemsOfFields } from './PublishPanel';
import { editPath, historyPath, Link, reviewsPath } from './router';
import { atLeast, useStudio } from './studio-context';
import { Alert, ListState, PageTitle, Status, Time, useLoad, useRevealWhenReady } from './ui';

const EVENT_WORDS: Record<ReviewDetail['events'][number]['kind'], string> = {
  submitted: 'submitted',
  resubmitted: 'submitted again',
  sent_back: 'sent back',
  published: 'published',
  withdrawn: 'withdrew',
};

export function ReviewPage({ id }: { id: number | null }) {
  const { client, failure } = useStudio();
  const [lists, reload] = useLoad(
    async () => {
      const [waiting, mine] = await Promise.all([client.reviews(), client.reviews({ mine: '1' })]);
      return { waiting, mine: mine.filter((m) => m.status !== 'submitted') };
    },
    failure,
    [client],
  );
  const [status, setStatus] = useState('');

  return (
    <main id="main" className={`page history${id ? ' history--detail' : ''}`}>
      <div className="page__head">
        <PageTitle title="Review">Review</PageTitle>
        <p className="page__intro">Changes editors submitted for review. A publisher publishes one, or sends it back with a comment for its author.</p>
      </div>
      <Status>{status}</Status>
      <div className="history__columns">
        <section className="history__list" aria-labelledby="reviews-title">
          <h2 className="section-title" id="reviews-title">
            Waiting for review
          </h2>
          <ListState data={lists} what="the changes" isEmpty={() => false} retry={reload} empty={null}>
            {({ waiting, mine }) => (
              <>
                {waiting.length === 0 ? <p className="muted">No change is waiting for review.</p> : <ChangeList changes={waiting} current={id} />}
                {mine.length > 0 ? (
                  <>
                    <h2 className="section-title">Your changes</h2>
                    <ChangeList changes={mine} current={id} />
                  </>
                ) : null}
              </>
            )}
          </ListState>
        </section>
        {id ? (
          <ChangeView
            key={id}
            id={id}
            onDecided={(text) => {
              setStatus(text);
              reload();
            }}
          />
        ) : null}
      </div>
    </main>
  );
}

function ChangeList({ changes, current }: { changes: readonly ReviewSummary[]; current: number | null }) {
  return (
    <ol className="versions">
      {changes.map((c) => (
        <li key={c.id} className={`version${c.id === current ? ' version--current' : ''}`}>
          <Link className="version__link" href={reviewsPath(c.id)} aria-current={c.id === current ? 'true' : undefined}>
            <span className="version__title">
              Change {c.id} <span className={`badge badge--review-${c.status}`}>{REVIEW_STATUS_LABEL[c.status]}</span>
              {c.unseen ? <span className="badge badge--new">new</span> : null}
            </span>
            <span className="version__message">{c.note}</span>
            <span className="version__meta">
              {c.author} · <Time at={c.updatedAt} />
            </span>
            <span className="version__files">{c.files.join(', ')}</span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

function ChangeView({ id, onDecided }: { id: number; onDecided(text: string): void }) {
  const { client, operator, failure } = useStudio();
  const [detail, reload, replace] = useLoad(() => client.review(id), failure, [client, id]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useRevealWhenReady(headingRef, detail.state === 'ready');

  return (
    <section className="version-view" aria-labelledby="change-title">
      <h2 className="section-title" id="change-title" tabIndex={-1} ref={headingRef}>
        Change {id}
      </h2>
      <ListState data={detail} what={`change ${id}`} isEmpty={() => false} retry={reload} empty={null}>
        {(d) => (
          <>
            <dl className="facts">
              <div>
                <dt>Submitted by</dt>
                <dd>{d.review.author}</dd>
              </div>
              <div>
                <dt>State</dt>
                <dd>
                  {REVIEW_STATUS_LABEL[d.review.status]}
                  {d.review.version ? (
                    <>
                      {' '}
                      as <Link href={historyPath(d.review.version)}>version {d.review.version}</Link>
                    </>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt>Note</dt>
                <dd>{d.review.note}</dd>
              </div>
            </dl>
            {d.review.status === 'submitted' && atLeast(operator, 'publisher') ? (
              <Decide
                id={id}
                revision={d.revision}
                onDecided={(text, next) => {
                  replace(next);
                  onDecided(text);
                }}
              />
            ) : null}
            {(d.review.status === 'submitted' || d.review.status === 'sent_back') && d.review.author === operator?.email ? (
              <Withdraw
                id={id}
                onWithdrawn={(text, next) => {
                  replace(next);
                  onDecided(text);
                }}
              />
            ) : null}
            {d.review.status === 'sent_back' && d.review.author === operator?.email ? (
              <p className="review__next">
                Fix it in {d.review.files.map((f, i) => (
                  <span key={f}>
                    {i ? ', ' : ''}
                    <Link href={editPath(f)}>{f}</Link>
                  </span>
                ))}
                , then submit it again from the publish bar.
              </p>
            ) : null}
            <h3 className="publish__subtitle">Thread</h3>
            <ol className="review__thread">
              {d.events.map((e, i) => (
                <li key={i}>
                  <strong>{e.operator}</strong> {EVENT_WORDS[e.kind]} · <Time at={e.at} />
                  {e.comment ? <blockquote className="review__comment">{e.comment}</blockquote> : null}
                </li>
              ))}
            </ol>
            {d.files.map((f) => (
              <article key={f.path} className="change">
                <h3 className="change__title">
                  <span className={`badge badge--${f.kind}`}>{f.kind}</span> <code>{f.path}</code>
                  <Link className="change__link" href={editPath(f.path)}>
                    Open{' '}<span className="visually-hidden">{f.path}</span>
                  </Link>
                </h3>
                {f.publishedSince ? (
                  <p className="field__warning" role="note">
                    Published since this change began: send it back so its author brings it onto the new version.
                  </p>
                ) : null}
                {f.text !== null && f.path.startsWith('pages/') ? (
                  <div className="studio-editor review__preview">
                    <PreviewPane client={{ preview: (body, signal) => client.preview({ ...body, review: id }, signal) }} path={f.path} text={f.text} renderable delayMs={0} />
                  </div>
                ) : null}
                <ul className="change-lines">
                  {f.lines.map((l, i) => (
                    <li key={i}>
                      <span className="change-lines__where">{l.where || (l.change === 'added' ? 'A new file' : l.change === 'removed' ? 'The file is removed' : 'The file')}</span>{' '}
                      {l.change === 'added' ? (l.after ? <>added: {l.after}</> : null) : l.change === 'removed' ? (l.before ? <>removed: {l.before}</> : null) : (
                        <>
                          {l.before} → {l.after}
                        </>
                      )}
                    </li>
                  ))}
                </ul>
                <details>
                  <summary>The JSON diff</summary>
                  <DiffView diff={f.diff} label={f.path} />
                </details>
              </article>
            ))}
          </>
        )}
      </ListState>
    </section>
  );
}

/** The author takes their change out of review; its drafts stay, to go on with or submit again. */
function Withdraw({ id, onWithdrawn }: { id: number; onWithdrawn(text: string, next: ReviewDetail): void }) {
  const { client, failure } = useStudio();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const withdraw = async () => {
    setBusy(true);
    setError('');
    try {
      const next = await client.withdrawReview(id);
      onWithdrawn(`Withdrew change ${id}: your drafts stay as they are, to go on with or submit again.`, next);
    } catch (e) {
      setError(failure(e) ?? '');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="review__withdraw">
      <button type="button" className="button button--secondary" disabled={busy} aria-describedby={`withdraw-${id}-what`} onClick={() => void withdraw()}>
        {busy ? 'Withdrawing…' : 'Withdraw this change'}
      </button>
      <p className="muted" id={`withdraw-${id}-what`}>
        Takes it out of review: no publisher sees it any more. Your drafts stay as they are.
      </p>
      <Alert>{error || null}</Alert>
    </div>
  );
}

/** Publish the change as shown, or send it back with a comment (required). */
function Decide({ id, revision, onDecided }: { id: number; revision: string; onDecided(text: string, next: ReviewDetail): void }) {
  const { client, failure } = useStudio();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; problems: string[] } | null>(null);
  const [commentProblem, setCommentProblem] = useState('');

  const act = async (what: 'publish' | 'send-back') => {
    if (what === 'send-back' && !comment.trim()) {
      setCommentProblem('Say what needs to change.');
      return;
    }
    setBusy(true);
    setError(null);
    setCommentProblem('');
    try {
      if (what === 'publish') {
        // The change as shown here: submitted again since, the server refuses it (409) and says to reload.
        const next = await client.publishReview(id, { revision });
        onDecided(`Published change ${id} as version ${next.review.version ?? ''}.`, next);
      } else {
        const next = await client.sendBackReview(id, { comment: comment.trim() });
        onDecided(`Sent change ${id} back to ${next.review.author}.`, next);
      }
    } catch (e) {
      const problems = e instanceof StudioApiError && (e.status === 422 || e.status === 409) ? problemsOfFields(e.fields).map((p) => `${p.file}${p.pointer ? ` ${p.pointer}` : ''}: ${p.message}`) : [];
      if (e instanceof StudioApiError && e.fields.comment) setCommentProblem(e.fields.comment);
      const message = failure(e);
      if (message) setError({ message, problems });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="review__decide">
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void act('publish')}>
        Publish this change
      </button>
      <div className="review__send-back">
        <label className="field__label" htmlFor={`send-back-${id}`}>
          Comment for the author
        </label>
        <textarea
          id={`send-back-${id}`}
          className="field__input"
          rows={3}
          maxLength={2000}
          value={comment}
          aria-invalid={commentProblem ? true : undefined}
          aria-describedby={commentProblem ? `send-back-${id}-problem` : undefined}
          onChange={(e) => setComment(e.target.value)}
        />
        {commentProblem ? (
          <p className="field__error" id={`send-back-${id}-problem`}>
            {commentProblem}
          </p>
        ) : null}
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void act('send-back')}>
          Send back
        </button>
      </div>
      <Alert>
        {error ? (
          <>
            <p>{error.message}</p>
            {error.problems.length ? (
              <ul>
                {error.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </Alert>
    </div>
  );
}
