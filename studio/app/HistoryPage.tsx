/**
 * History: the published versions newest first (of the whole site, or of one file), and one
 * version's changes as diffs. A publisher may restore the site as it was before a version, after
 * confirming: the restore is itself published as a new version.
 */
import { useEffect, useRef, useState } from 'react';
import { StudioApiError, type VersionDetail, type VersionSummary } from '../api/studio-client';
import { DiffView } from './DiffView';
import { problemsOfFields } from './PublishPanel';
import { editPath, historyPath, Link, navigate } from './router';
import { atLeast, useStudio } from './studio-context';
import { Alert, ListState, PageTitle, Status, Time, useLoad, useRevealWhenReady } from './ui';

export function HistoryPage({ version, file }: { version: number | null; file: string | null }) {
  const { client, failure } = useStudio();
  const [list, reloadList] = useLoad(() => client.versions(file ?? undefined), failure, [client, file]);
  const [restored, setRestored] = useState('');

  return (
    <main id="main" className={`page history${version ? ' history--detail' : ''}`}>
      <div className="page__head">
        <PageTitle title={file ? `History of ${file}` : 'History'}>{file ? <>History of {file}</> : 'History'}</PageTitle>
        {file ? (
          <p className="page__links">
            <Link href={editPath(file)}>Open {file}</Link> · <Link href={historyPath()}>Every version of the site</Link>
          </p>
        ) : (
          <p className="page__intro">Every publish is a version: who, when, what changed. Choose one to see its changes.</p>
        )}
      </div>
      <Status>{restored}</Status>
      <div className="history__columns">
        <section className="history__list" aria-labelledby="versions-title">
          <h2 className="section-title" id="versions-title">
            Versions
          </h2>
          <ListState
            data={list}
            what="the versions"
            isEmpty={(v) => v.length === 0}
            retry={reloadList}
            empty={<p>{file ? 'This file has not been published from the studio yet.' : 'Nothing has been published from the studio yet.'}</p>}
          >
            {(versions) => (
              <ol className="versions">
                {versions.map((v) => (
                  <VersionItem key={v.id} v={v} current={v.id === version} file={file} />
                ))}
              </ol>
            )}
          </ListState>
        </section>
        {version ? (
          <VersionView
            key={version}
            id={version}
            file={file}
            onRestored={(text, newVersion) => {
              setRestored(text);
              reloadList();
              navigate(historyPath(newVersion, file ?? undefined));
            }}
          />
        ) : null}
      </div>
    </main>
  );
}

function filesText(files: readonly string[]): string {
  if (files.length <= 3) return files.join(', ');
  return `${files.slice(0, 3).join(', ')} and ${files.length - 3} more`;
}

function VersionItem({ v, current, file }: { v: VersionSummary; current: boolean; file: string | null }) {
  return (
    <li className={`version${current ? ' version--current' : ''}`}>
      <Link className="version__link" href={historyPath(v.id, file ?? undefined)} aria-current={current ? 'true' : undefined}>
        <span className="version__title">
          Version {v.id}
          {v.restoredFrom ? <span className="badge badge--restore">restores version {v.restoredFrom}</span> : null}
        </span>
        <span className="version__message">{v.message || <span className="muted">(no message)</span>}</span>
        <span className="version__meta">
          {v.author} · <Time at={v.createdAt} />
        </span>
        <span className="version__files">{filesText(v.files)}</span>
      </Link>
    </li>
  );
}

function VersionView({ id, file, onRestored }: { id: number; file: string | null; onRestored(text: string, version: number): void }) {
  const { client, operator, failure } = useStudio();
  const [detail, reload] = useLoad(() => client.version(id), failure, [client, id]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useRevealWhenReady(headingRef, detail.state === 'ready');

  return (
    <section className="version-view" aria-labelledby="version-title">
      <h2 className="section-title" id="version-title" tabIndex={-1} ref={headingRef}>
        Version {id}
      </h2>
      <ListState data={detail} what={`version ${id}`} isEmpty={() => false} retry={reload} empty={null}>
        {(d) => (
          <>
            <VersionHead d={d} />
            {atLeast(operator, 'publisher') ? <Restore d={d} onRestored={onRestored} /> : null}
            {d.changes.length === 0 ? <p className="muted">This version changed no file.</p> : null}
            {d.changes.map((change) => (
              <article key={change.path} className="change">
                <h3 className="change__title">
                  <span className={`badge badge--${change.kind}`}>{change.kind}</span> <code>{change.path}</code>
                  {file === change.path ? null : (
                    <Link className="change__link" href={editPath(change.path)}>
                      Open{' '}<span className="visually-hidden">{change.path}</span>
                    </Link>
                  )}
                </h3>
                <DiffView diff={change.diff} label={change.path} />
              </article>
            ))}
          </>
        )}
      </ListState>
    </section>
  );
}

function VersionHead({ d }: { d: VersionDetail }) {
  const v = d.version;
  return (
    <dl className="facts">
      <div>
        <dt>Published by</dt>
        <dd>{v.author}</dd>
      </div>
      <div>
        <dt>When</dt>
        <dd>
          <Time at={v.createdAt} />
        </dd>
      </div>
      <div>
        <dt>Message</dt>
        <dd>{v.message || <span className="muted">(no message)</span>}</dd>
      </div>
      {v.restoredFrom ? (
        <div>
          <dt>Restore</dt>
          <dd>
            Undid <Link href={historyPath(v.restoredFrom)}>version {v.restoredFrom}</Link>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** What undoing a version does to one of its files, in words: it goes back to what it was before the version. */
function undoneFile(change: VersionDetail['changes'][number], id: number): string {
  if (change.kind === 'added') return `${change.path} is removed (version ${id} added it)`;
  if (change.kind === 'removed') return `${change.path} comes back (version ${id} removed it)`;
  return `${change.path} goes back to its text before version ${id}`;
}

function Restore({ d, onRestored }: { d: VersionDetail; onRestored(text: string, version: number): void }) {
  const { client, failure } = useStudio();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; problems: string[] } | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const id = d.version.id;

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const restore = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await client.restore(id);
      onRestored(`Version ${id} undone: version ${result.version} puts ${result.files.join(', ')} back as they were before it.`, result.version);
    } catch (e) {
      setBusy(false);
      setConfirming(false);
      const problems = e instanceof StudioApiError && e.status === 422 ? problemsOfFields(e.fields).map((p) => `${p.file}${p.pointer ? ` ${p.pointer}` : ''}: ${p.message}`) : [];
      const message = failure(e);
      if (message) setError({ message, problems });
    }
  };

  return (
    <div className="restore">
      {confirming ? (
        <div className="restore__confirm" role="group" aria-labelledby="restore-question">
          <p id="restore-question">
            <strong>Undo version {id}?</strong> {d.changes.length === 1 ? 'Its file goes back:' : `Its ${d.changes.length} files go back:`}
          </p>
          <ul className="restore__files">
            {d.changes.map((c) => (
              <li key={c.path}>{undoneFile(c, id)}.</li>
            ))}
          </ul>
          <p>Every other file stays as it is now. This is published at once, as a new version; drafts stay as they are.</p>
          <div className="restore__actions">
            <button type="button" ref={confirmRef} className="button button--danger" onClick={() => void restore()} aria-disabled={busy || undefined}>
              {busy ? 'Undoing…' : `Yes, undo version ${id}`}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setConfirming(false);
                setTimeout(() => askRef.current?.focus(), 0);
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <>
          <button type="button" ref={askRef} className="button button--secondary" onClick={() => setConfirming(true)} aria-describedby="undo-what">
            Undo this version
          </button>
          <p className="muted restore__what" id="undo-what">
            Puts {d.changes.length === 1 ? `${d.changes[0]!.path} back` : `its ${d.changes.length} files back`} as they were before version {id}; every other file stays as it is now.
          </p>
        </>
      )}
      <Alert>
        {error ? (
          <>
            {error.message}
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
