/**
 * The editor of one definition (the studio shell renders it for the file it opened): the form
 * generated from the kind's published schema, or the raw JSON one click away; the page's addresses;
 * autosave of the draft; the live preview beside it (below it on a phone). Loading: the operator's
 * draft if any, else the published text; a new file starts from its kind's template; a text that
 * does not parse opens in the raw view with the error. A viewer reads, never saves.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { StudioApiError, type DraftSaved, type Operator, type SiteFiles, type StudioClient } from '../api/studio-client';
import { useStudio } from '../app/studio-context';
import { AddressPanel } from './AddressPanel';
import { DefinitionForm } from './DefinitionForm';
import { DraftSaver, type SaveStatus } from './draft-saver';
import { pageTitlesOf, ProblemStore, referenceNames, referenceTitlesOf, type EditorFormContext } from './editor-context';
import { isDefinitionName, type DefinitionSchemaName } from './form-schemas';
import { formatJson, parseJson, type ParseResult } from './json-text';
import { PreviewPane, type PreviewProblem } from './PreviewPane';
import type { PointerProblem } from './problems';
import { RawJsonView } from './RawJsonView';
import { definitionSchemas } from '../../schemas/index';
import { placeOf, problemSentence } from '../../schemas/definition-places';
import { templateFor } from './templates';
import { forgetStash, readStash, stashUnsaved, type Stashed } from './unsaved-stash';
import { useRoutesFile } from './use-routes-file';
import { checkDefinition, loadValidators, type KindValidators } from './validators';
import './EditorPage.css';

export interface EditorPageProps {
  path: string;
  schemaName: string;
  site: SiteFiles;
  operator: Operator;
  onSaved(result: DraftSaved & { path: string }): void;
}

type Doc = { text: string; parsed: ParseResult };
type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; revision: number | undefined; baseHash: string | null; isNew: boolean };
type View = 'form' | 'raw';

const pageNameOf = (path: string) => /^pages\/(.+)\.json$/.exec(path)?.[1] ?? null;

/** Kinds no page shows as they are written (who may embed the widgets, how money is taken): a preview would show an unchanged home page. */
const NOT_ON_A_PAGE: ReadonlySet<string> = new Set(['dealers', 'payment-methods', 'shipping-methods', 'tax-rules']);

/** A new file's `$schema`: the one a file of the same kind uses (so it resolves the same way), else the schema's URL. */
async function schemaLineFor(client: StudioClient, kind: string, path: string, site: SiteFiles): Promise<string | undefined> {
  const sibling = site.files.find((f) => f.schema === kind && f.path !== path && f.path.split('/').length === path.split('/').length && f.published);
  if (!sibling) return undefined;
  try {
    const view = await client.file(sibling.path);
    const parsed = parseJson(view.published?.text ?? '');
    const line = parsed.ok ? (parsed.value as { $schema?: unknown }).$schema : undefined;
    return typeof line === 'string' ? line : undefined;
  } catch {
    return undefined;
  }
}

function statusText(status: SaveStatus, readOnly: boolean): string {
  if (readOnly) return 'Read-only: viewers cannot change files.';
  switch (status.state) {
    case 'idle':
      return 'No changes yet.';
    case 'pending':
      return 'Unsaved changes…';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return `Draft saved at ${new Date(status.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })}.`;
    case 'failed':
      return `Not saved: ${status.message}${status.retrying ? ' Trying again…' : ''}`;
    case 'conflict':
      return 'Not saved: another tab saved this draft.';
  }
}

export function EditorPage({ path, schemaName, site, operator, onSaved }: EditorPageProps) {
  const { client } = useStudio();
  const kind: DefinitionSchemaName | null = isDefinitionName(schemaName) ? schemaName : null;
  const readOnly = operator.role === 'viewer';
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [doc, setDoc] = useState<Doc>({ text: '', parsed: { ok: true, value: null } });
  const [view, setView] = useState<View>('form');
  const [validators, setValidators] = useState<KindValidators | null>(null);
  const [status, setStatus] = useState<SaveStatus>({ state: 'idle' });
  const [round, setRound] = useState(0);
  const [stash, setStash] = useState<Stashed | null>(null);
  const textRef = useRef('');
  const store = useMemo(() => new ProblemStore(), [path]);
  const saver = useRef<DraftSaver | null>(null);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const routesFile = useRoutesFile(client);

  // The file's problems with this operator's drafts in place (what the publish bar counts), until
  // the first save answers.
  useEffect(() => {
    store.setSite((site.draftProblems ?? site.problems).filter((p) => p.file === path));
  }, [store, site.draftProblems, site.problems, path]);

  useEffect(() => {
    if (!kind) return;
    let live = true;
    loadValidators(kind).then(
      (v) => live && setValidators(v),
      () => live && setValidators(null),
    );
    return () => {
      live = false;
    };
  }, [kind]);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    (async () => {
      const file = await client.file(path);
      let text = file.draft?.text ?? file.published?.text ?? null;
      const isNew = text === null;
      if (text === null) {
        const template = kind ? templateFor(kind, path) : {};
        const line = await schemaLineFor(client, schemaName, path, site);
        text = formatJson(line ? { $schema: line, ...template } : template);
      }
      if (!live) return;
      const parsed = parseJson(text);
      const revision = file.draft?.revision;
      const baseHash = file.draft ? file.draft.baseHash : (file.published?.hash ?? null);
      setDoc({ text, parsed });
      textRef.current = text;
      const stashed = readStash(path);
      setStash(stashed && stashed.text !== text && !readOnly ? stashed : null);
      setView(parsed.ok && kind ? 'form' : 'raw');
      setLoad({ state: 'ready', revision, baseHash, isNew });
      if (!readOnly) {
        const s = new DraftSaver({
          path,
          revision,
          baseHash,
          save: (body) => client.saveDraft(body),
          onSaved: (result, savedText) => {
            if (savedText === textRef.current) forgetStash(path);
            store.setSite(result.problems.filter((p) => p.file === path));
            onSavedRef.current({ ...result, path });
          },
          onStatus: (st) => {
            if (st.state === 'failed' || st.state === 'conflict') stashUnsaved(path, textRef.current);
            if (live) setStatus(st);
          },
        });
        saver.current = s;
        setStatus({ state: 'idle' });
        // A new file is saved as a draft at once, so it exists for the site (and the preview).
        if (isNew) s.change(text);
      }
    })().catch((error: unknown) => {
      if (live) setLoad({ state: 'failed', message: error instanceof StudioApiError ? error.message : 'The file could not be read.' });
    });
    return () => {
      live = false;
      saver.current?.dispose();
      saver.current = null;
    };
    // `site` is read once for a new file's $schema line; a new list of files does not reload the file.
  }, [client, path, kind, schemaName, readOnly, store, round]);

  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (saver.current?.unsaved) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const onFormChange = useCallback((data: unknown) => {
    const text = formatJson(data);
    textRef.current = text;
    setDoc({ text, parsed: { ok: true, value: data } });
    saver.current?.change(text);
  }, []);

  const onRawChange = useCallback((text: string) => {
    textRef.current = text;
    setDoc({ text, parsed: parseJson(text) });
    saver.current?.change(text);
  }, []);

  const schemaProblems: PointerProblem[] = useMemo(() => (doc.parsed.ok && validators ? checkDefinition(validators, doc.parsed.value) : []), [doc.parsed, validators]);
  useEffect(() => store.setSchema(schemaProblems), [store, schemaProblems]);
  // One list, counted once: the schema's problems and the site check's it does not repeat.
  const [allProblems, setAllProblems] = useState<PointerProblem[]>([]);
  useEffect(() => {
    const update = () => setAllProblems(store.all());
    update();
    return store.subscribe(update);
  }, [store]);
  const placed = useMemo(
    () => allProblems.map((p) => ({ ...p, where: kind && doc.parsed.ok ? placeOf(definitionSchemas[kind] as unknown as Record<string, unknown>, doc.parsed.value, p.pointer) : '' })),
    [allProblems, kind, doc.parsed],
  );
  // Over the preview, a problem that keeps the draft from rendering is said as the list says it.
  const previewProblemWords = useCallback(
    (p: PreviewProblem) => {
      if (p.file !== path) return problemSentence({ where: site.files.find((f) => f.path === p.file)?.title ?? p.file, message: p.message });
      const listed = placed.find((q) => q.pointer === p.pointer);
      if (listed) return problemSentence(listed);
      return problemSentence({ where: kind && doc.parsed.ok ? placeOf(definitionSchemas[kind] as unknown as Record<string, unknown>, doc.parsed.value, p.pointer) : '', message: p.message });
    },
    [path, site.files, placed, kind, doc.parsed],
  );
  const goTo = (pointer: string) => {
    if (view !== 'form') setView('form');
    store.focus(pointer);
  };

  const routePaths = useMemo(() => (routesFile.file.state === 'ready' ? routesFile.file.doc.routes.map((r) => r.path) : []), [routesFile.file]);
  const formContext: EditorFormContext | null = useMemo(
    () => (validators ? { names: referenceNames(site, routePaths), pageTitles: pageTitlesOf(site), referenceTitles: referenceTitlesOf(site), images: site.images, blockValidators: validators.blocks, problems: store, readOnly } : null),
    [validators, site, routePaths, store, readOnly],
  );

  const resolveConflict = async (keepMine: boolean) => {
    const file = await client.file(path);
    const revision = file.draft?.revision;
    const baseHash = file.draft ? file.draft.baseHash : (file.published?.hash ?? null);
    if (keepMine) saver.current?.resume(revision, baseHash, doc.text);
    else {
      const text = file.draft?.text ?? file.published?.text ?? '';
      textRef.current = text;
      setDoc({ text, parsed: parseJson(text) });
      saver.current?.resume(revision, baseHash, null);
    }
  };

  const pageName = kind === 'page' ? pageNameOf(path) : null;
  const formAvailable = doc.parsed.ok && Boolean(kind) && validators !== null;
  const problemCount = doc.parsed.ok ? allProblems.length : 1;

  if (load.state === 'loading') {
    return (
      <div className="studio-editor studio-editor--loading" aria-busy="true">
        <p role="status">Opening {path}…</p>
      </div>
    );
  }
  if (load.state === 'failed') {
    return (
      <div className="studio-editor">
        <p role="alert" className="studio-error">
          {path} could not be opened: {load.message}
        </p>
        <button type="button" className="studio-button" onClick={() => setRound((n) => n + 1)}>
          Try again
        </button>
      </div>
    );
  }

  return (
    <div className="studio-editor">
      <header className="studio-editor__bar">
        {/* The workspace names the file; this heading gives the editor its place in the outline. */}
        <h2 className="studio-visually-hidden">Edit {path}</h2>
        {load.isNew && <span className="studio-badge">New file: saved as your draft</span>}
        <div className="studio-editor__views" role="group" aria-label="Edit as">
          <button type="button" className="studio-button" aria-pressed={view === 'form'} disabled={!formAvailable && view !== 'form'} title={formAvailable ? undefined : 'The form opens once the text is valid JSON.'} onClick={() => setView('form')}>
            Form
          </button>
          <button type="button" className="studio-button" aria-pressed={view === 'raw'} onClick={() => setView('raw')}>
            Raw JSON
          </button>
        </div>
        <p className={`studio-save studio-save--${readOnly ? 'readonly' : status.state}`} role="status" aria-live="polite">
          {statusText(status, readOnly)}
          {status.state === 'failed' && (
            <button type="button" className="studio-link" onClick={() => void saver.current?.flush()}>
              Retry now
            </button>
          )}
        </p>
        <p className={`studio-problem-count${problemCount ? ' studio-problem-count--some' : ''}`}>{problemCount === 0 ? 'No problems' : problemCount === 1 ? '1 problem' : `${problemCount} problems`}</p>
      </header>

      {status.state === 'conflict' && (
        <div className="studio-conflict" role="alert">
          <p>{status.message}</p>
          <button type="button" className="studio-button" onClick={() => void resolveConflict(false)}>
            Reload theirs
          </button>
          <button type="button" className="studio-button studio-button--primary" onClick={() => void resolveConflict(true)}>
            Keep mine
          </button>
        </div>
      )}

      {stash && (
        <div className="studio-conflict" role="alert">
          <p>Changes typed here at {new Date(stash.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })} were not saved.</p>
          <button
            type="button"
            className="studio-button studio-button--primary"
            onClick={() => {
              onRawChange(stash.text);
              setView(parseJson(stash.text).ok && kind ? view : 'raw');
              setStash(null);
            }}
          >
            Restore them
          </button>
          <button
            type="button"
            className="studio-button"
            onClick={() => {
              forgetStash(path);
              setStash(null);
            }}
          >
            Discard them
          </button>
        </div>
      )}

      <div className="studio-editor__split">
        <div className="studio-editor__form">
          {pageName && <AddressPanel pageName={pageName} routes={routesFile.file} readOnly={readOnly} save={routesFile.save} reload={routesFile.reload} onSaved={onSaved} />}
          {doc.parsed.ok && placed.length > 0 && (
            <section className="studio-site-problems" aria-label="Problems in this file">
              <p>{placed.length === 1 ? '1 problem' : `${placed.length} problems`} in this file. Choose one to go to its field.</p>
              <ul>
                {placed.map((p) => (
                  <li key={`${p.pointer} ${p.message}`}>
                    <button type="button" className="studio-link studio-problem__go" onClick={() => goTo(p.pointer)}>
                      {problemSentence(p)}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {view === 'form' && formAvailable && formContext && validators ? (
            <DefinitionForm validators={validators} data={doc.parsed.ok ? doc.parsed.value : null} formContext={formContext} readOnly={readOnly} onChange={onFormChange} />
          ) : view === 'form' ? (
            <p role="status">Preparing the form…</p>
          ) : (
            <RawJsonView text={doc.text} parsed={doc.parsed} problems={allProblems} readOnly={readOnly} onChange={onRawChange} />
          )}
        </div>
        {NOT_ON_A_PAGE.has(schemaName) ? null : <PreviewPane client={client} path={path} text={doc.text} renderable={doc.parsed.ok} onSelectBlock={schemaName === 'page' ? (i) => goTo(`/blocks/${i}`) : undefined} problemWords={previewProblemWords} />}
      </div>
    </div>
  );
}
