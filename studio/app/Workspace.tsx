/**
 * The studio's main screen: the files (a sidebar; a drawer on a phone), the publish panel, and the
 * editor of the open file. It keeps the site's problems: those of the folder on disk (GET
 * /api/studio/files) and, once the operator has saved, those the last autosave answered for the
 * whole site with the drafts in place.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ContentProblem, DraftSaved, SiteFiles } from '../api/studio-client';
import { EditorArea } from './EditorArea';
import { FileSidebar } from './FileSidebar';
import { kindLabel, schemaOfNewPath, type FileEntry } from './kinds';
import { PublishPanel, type Published } from './PublishPanel';
import { BASE, editPath, historyPath, Link, navigate } from './router';
import { TOPBAR_ID } from './Shell';
import { atLeast, useStudio } from './studio-context';
import { isOneColumn, ONE_COLUMN_QUERY, PageTitle, useLoad } from './ui';

const DRAWER_ID = 'studio-files';

/** True below the width where the sidebar stands beside the editor (the CSS's breakpoint). */
function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(isOneColumn);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(ONE_COLUMN_QUERY);
    const change = () => setNarrow(list.matches);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, []);
  return narrow;
}

function sameProblem(a: ContentProblem, b: ContentProblem): boolean {
  return a.file === b.file && a.pointer === b.pointer && a.message === b.message;
}

export function Workspace({ file }: { file: string | null }) {
  const { client, operator, failure } = useStudio();
  const [site, reload, setSite] = useLoad((_signal) => client.files(), failure, [client]);
  /** The site's problems as the last autosave (or refused publish) answered; null before any (the files list's own check then). */
  const [draftProblems, setDraftProblems] = useState<ContentProblem[] | null>(null);
  /** Files created here and not saved yet. */
  const [created, setCreated] = useState<FileEntry[]>([]);
  /** Bumped to open the editor afresh (after a publish or a discarded draft). */
  const [editorRound, setEditorRound] = useState(0);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const narrow = useNarrow();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const filterRef = useRef<HTMLInputElement>(null);

  const siteFiles = site.state === 'ready' ? site.value : null;
  const files = useMemo(() => {
    const listed = siteFiles?.files ?? [];
    return [...listed, ...created.filter((c) => !listed.some((f) => f.path === c.path))];
  }, [siteFiles, created]);

  const problems = useMemo(() => {
    const all = [...(draftProblems ?? siteFiles?.draftProblems ?? []), ...(siteFiles?.problems ?? [])];
    return all.filter((p, i) => all.findIndex((q) => sameProblem(p, q)) === i);
  }, [draftProblems, siteFiles]);
  const problemCount = useMemo(() => {
    const counts = new Map<string, number>();
    for (const p of problems) counts.set(p.file, (counts.get(p.file) ?? 0) + 1);
    return counts;
  }, [problems]);

  const drafts = files.filter((f) => f.draft);
  const entry = file ? (files.find((f) => f.path === file) ?? newEntry(file)) : null;

  /** Focus goes back to the Files button once the drawer has closed (the page is inert until then). */
  const returnFocus = useRef(false);
  const closeDrawer = useCallback((focusToggle: boolean) => {
    returnFocus.current = focusToggle;
    setDrawerOpen(false);
  }, []);
  // While the drawer covers the page on a phone, the rest of the page (the header too) takes no focus.
  useEffect(() => {
    const topbar = document.getElementById(TOPBAR_ID);
    if (!topbar || !(drawerOpen && narrow)) return;
    topbar.inert = true;
    return () => {
      topbar.inert = false;
    };
  }, [drawerOpen, narrow]);
  useEffect(() => {
    if (drawerOpen && narrow) filterRef.current?.focus();
    if (!drawerOpen && returnFocus.current) {
      returnFocus.current = false;
      toggleRef.current?.focus();
    }
  }, [drawerOpen, narrow]);

  // The editor keeps one onSaved for its life: it reads the latest list through these.
  const latest = useRef({ site, created, setSite });
  latest.current = { site, created, setSite };
  const onSaved = useCallback((result: DraftSaved & { path: string }) => {
    setDraftProblems(result.problems);
    const { site, created, setSite } = latest.current;
    if (site.state !== 'ready') return;
    const listed = site.value.files.find((f) => f.path === result.path);
    if (listed?.draft) return;
    const schema = created.find((c) => c.path === result.path)?.schema ?? schemaOfNewPath(result.path) ?? 'page';
    setSite({
      ...site.value,
      files: listed
        ? site.value.files.map((f) => (f.path === result.path ? { ...f, draft: true } : f))
        : [...site.value.files, { path: result.path, schema, published: false, draft: true }],
    });
  }, []);

  const onPublished = useCallback(
    (_result: Published) => {
      setDraftProblems(null);
      setCreated([]);
      setEditorRound((n) => n + 1);
      reload();
    },
    [reload],
  );

  const onReloadFile = useCallback(
    (path: string) => {
      setDraftProblems(null);
      setEditorRound((n) => n + 1);
      reload();
      navigate(editPath(path));
    },
    [reload],
  );

  if (!operator) return null;
  const canDraft = atLeast(operator, 'editor');
  const title = entry ? entry.path : 'Files';

  return (
    <div className={`workspace${drawerOpen && narrow ? ' workspace--drawer-open' : ''}`}>
      {narrow && drawerOpen ? <div className="drawer-backdrop" aria-hidden="true" onClick={() => closeDrawer(false)} /> : null}
      <div className={`workspace__sidebar${narrow ? ' workspace__sidebar--drawer' : ''}`} hidden={narrow && !drawerOpen}>
        <FileSidebar
          id={DRAWER_ID}
          site={site}
          files={files}
          current={entry?.path ?? null}
          problemCount={problemCount}
          canDraft={canDraft}
          retry={reload}
          onCreate={(created) => {
            setCreated((list) => [...list.filter((c) => c.path !== created.path), created]);
            setDrawerOpen(false);
            navigate(editPath(created.path));
          }}
          onChoose={() => setDrawerOpen(false)}
          {...(narrow ? { onClose: () => closeDrawer(true) } : {})}
          filterRef={filterRef}
        />
      </div>
      <main id="main" className="workspace__main" inert={narrow && drawerOpen ? true : undefined}>
        <div className="workspace__head">
          {narrow ? (
            <button
              type="button"
              ref={toggleRef}
              className="button button--secondary button--small workspace__files-toggle"
              aria-expanded={drawerOpen}
              aria-controls={DRAWER_ID}
              onClick={() => setDrawerOpen(true)}
            >
              <span aria-hidden="true">☰ </span>Files
            </button>
          ) : null}
          <PageTitle title={title} className="workspace__title">
            {entry ? (
              <>
                {/* The file by its kind in words and its title, as the file list shows it; its name beside, smaller. */}
                <span className="workspace__kind">{kindLabel(entry.schema)}</span> {entry.title ?? entry.path}
                {entry.title ? <span className="workspace__path"> {entry.path}</span> : null}
              </>
            ) : (
              'Files'
            )}
          </PageTitle>
          {entry && entry.published ? (
            <Link className="workspace__history" href={historyPath(undefined, entry.path)}>
              History of this file
            </Link>
          ) : null}
        </div>
        <PublishPanel operator={operator} drafts={drafts} problems={problems} draftsChecked={draftProblems !== null || siteFiles !== null} onProblems={setDraftProblems} onPublished={onPublished} onReload={onReloadFile} />
        {entry && siteFiles ? (
          <EditorArea key={`${entry.path}#${editorRound}`} path={entry.path} schemaName={entry.schema} site={siteFiles} operator={operator} onSaved={onSaved} />
        ) : file && site.state === 'ready' ? (
          <div className="list-state list-state--error" role="alert">
            <p>
              There is no file <code>{file}</code> in the content folder.
            </p>
            <Link href={BASE}>Back to the files</Link>
          </div>
        ) : site.state === 'ready' ? (
          <Welcome canDraft={canDraft} drafts={drafts.length} onOpenFiles={narrow ? () => setDrawerOpen(true) : null} />
        ) : null}
      </main>
    </div>
  );
}

function newEntry(path: string): FileEntry | null {
  const schema = schemaOfNewPath(path);
  return schema ? { path, schema, published: false, draft: false } : null;
}

function Welcome({ canDraft, drafts, onOpenFiles }: { canDraft: boolean; drafts: number; onOpenFiles: (() => void) | null }) {
  return (
    <div className="welcome">
      <h2 className="welcome__title">Choose a file to {canDraft ? 'edit' : 'read'}</h2>
      <p>
        The store is described by the files {onOpenFiles ? 'in the file list' : 'on the left'}: pages, forms, popups, the estimator, the catalog and the site's
        settings.{' '}
        {canDraft
          ? 'Your changes are saved as drafts as you type, checked with the whole site, and go live only when published.'
          : 'Your role reads them, with their previews and history.'}
      </p>
      {drafts ? <p>You have {drafts === 1 ? 'one draft' : `${drafts} drafts`}: see them in the publish panel above.</p> : null}
      {onOpenFiles ? (
        <button type="button" className="button button--primary" onClick={onOpenFiles}>
          Show the files
        </button>
      ) : null}
    </div>
  );
}
