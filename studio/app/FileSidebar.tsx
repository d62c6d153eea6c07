/**
 * The content folder's files by kind, with a filter, a marker on each draft (and on files with
 * problems), and "New page" / "New form" / "New popup" for those who may draft. On a phone it is a
 * drawer the workspace opens and closes.
 */
import { useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import type { SiteFiles } from '../api/studio-client';
import { fileTitle, groupFiles, NEW_KINDS, pageSections, NEW_NAME_PATTERN, NEW_NAME_RULE, slugOf, type FileEntry, type NewKind } from './kinds';
import { editPath, Link } from './router';
import { Field, ListState, type Loadable } from './ui';

export interface FileSidebarProps {
  id: string;
  site: Loadable<SiteFiles>;
  files: readonly FileEntry[];
  current: string | null;
  /** Problems per file path, for the marker. */
  problemCount: ReadonlyMap<string, number>;
  canDraft: boolean;
  retry(): void;
  /** A new file's path was chosen: open it. */
  onCreate(entry: FileEntry): void;
  /** A file was chosen (the drawer closes). */
  onChoose(): void;
  /** Shown on a phone: the drawer's close button. */
  onClose?: () => void;
  filterRef?: Ref<HTMLInputElement>;
}

export function FileSidebar({ id, site, files, current, problemCount, canDraft, retry, onCreate, onChoose, onClose, filterRef }: FileSidebarProps) {
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState<NewKind | null>(null);
  const newButtons = useRef(new Map<string, HTMLButtonElement>());
  const cancelNew = () => {
    const kind = creating;
    setCreating(null);
    // Back to the button that opened the form.
    if (kind) setTimeout(() => newButtons.current.get(kind.schema)?.focus(), 0);
  };
  const groups = groupFiles(files, filter);
  /** The files of a group or section, each with its title, address and markers. */
  const fileList = (list: readonly FileEntry[]) => (
    <ul className="files__list">
      {list.map((f) => {
        const problems = problemCount.get(f.path) ?? 0;
        return (
          <li key={f.path}>
            <Link className="files__link" href={editPath(f.path)} aria-current={f.path === current ? 'page' : undefined} onClick={onChoose} title={f.path}>
              <span className="files__name">
                {fileTitle(f)}
                {f.schema === 'page' && f.published ? <span className="files__address">{f.addresses?.length ? f.addresses.join(', ') : 'no address yet'}</span> : null}
              </span>
              {!f.published ? <span className="badge badge--new">new</span> : null}
              {f.draft ? <span className="badge badge--draft">draft</span> : null}
              {problems ? (
                <span className="badge badge--problem">
                  <span aria-hidden="true">!</span> {problems} {problems === 1 ? 'problem' : 'problems'}
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <nav id={id} className="files" aria-label="Content files" onKeyDown={onKeyDown}>
      <div className="files__head">
        <h2 className="files__title">Files</h2>
        {onClose ? (
          <button type="button" className="button button--ghost button--small files__close" onClick={onClose}>
            Close{' '}<span className="visually-hidden">the file list</span>
          </button>
        ) : null}
      </div>
      <Field label="Filter files" type="search" name="filter" placeholder="home, contact, form…" value={filter} onChange={(e) => setFilter(e.target.value)} inputRef={filterRef} autoComplete="off" />
      {canDraft ? (
        <div className="files__new">
          <div className="files__new-buttons">
            {NEW_KINDS.map((kind) => (
              <button
                key={kind.schema}
                ref={(el) => {
                  if (el) newButtons.current.set(kind.schema, el);
                }}
                type="button"
                className="button button--secondary button--small"
                aria-expanded={creating?.schema === kind.schema}
                onClick={() => setCreating(creating?.schema === kind.schema ? null : kind)}
              >
                New {kind.label}
              </button>
            ))}
          </div>
          {creating ? <NewFileForm key={creating.schema} kind={creating} files={files} onCancel={cancelNew} onCreate={(entry) => (setCreating(null), onCreate(entry))} /> : null}
        </div>
      ) : null}
      <ListState data={site} what="the files" isEmpty={() => files.length === 0} retry={retry} empty={<p>The content folder has no definitions yet.</p>}>
        {() =>
          groups.length === 0 ? (
            <div className="list-state list-state--empty">
              <p>No file matches “{filter}”.</p>
              <button type="button" className="link" onClick={() => setFilter('')}>
                Clear the filter
              </button>
            </div>
          ) : (
            <div className="files__groups">
              {groups.map(({ group, files: inGroup }) => (
                <section key={group.id} className="files__group" aria-labelledby={`${id}-${group.id}`}>
                  <h3 className="files__group-title" id={`${id}-${group.id}`}>
                    {group.label} <span className="files__count">{inGroup.length}</span>
                  </h3>
                  {group.id === 'pages' ? (
                    pageSections(inGroup).map((section) => (
                      <section key={section.id} className="files__section" aria-labelledby={`${id}-${section.id}`}>
                        <h4 className="files__section-title" id={`${id}-${section.id}`}>
                          {section.label}
                        </h4>
                        {fileList(section.files)}
                      </section>
                    ))
                  ) : (
                    fileList(inGroup)
                  )}
                </section>
              ))}
            </div>
          )
        }
      </ListState>
    </nav>
  );
}

function NewFileForm({ kind, files, onCancel, onCreate }: { kind: NewKind; files: readonly FileEntry[]; onCancel(): void; onCreate(entry: FileEntry): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  // A title is welcome: "Showroom Austin" becomes showroom-austin.
  const bare = slugOf(name);
  const path = `${kind.folder}/${bare}.json`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let problem = '';
    if (!NEW_NAME_PATTERN.test(bare)) problem = name.trim() ? NEW_NAME_RULE : `Name the new ${kind.label}.`;
    else if (files.some((f) => f.path === path)) problem = `${path} exists already: open it from the list, or choose another name.`;
    if (problem) {
      setError(problem);
      ref.current?.focus();
      return;
    }
    onCreate({ path, schema: kind.schema, published: false, draft: false });
  };

  return (
    <form
      className="new-file"
      noValidate
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <Field
        label={`Name of the new ${kind.label}`}
        hint={bare ? `It becomes ${path}.` : `A title such as Showroom Austin, or a name such as showroom-austin. It becomes ${kind.folder}/<name>.json.`}
        name="new-name"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error || undefined}
        inputRef={ref}
        autoFocus
      />
      <div className="new-file__actions">
        <button type="submit" className="button button--primary button--small">
          Create {kind.label}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
