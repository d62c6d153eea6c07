/**
 * The editor of the file open in the workspace: studio/editor/EditorPage (the editor's room),
 * given the file, its kind, the site's files and images, the operator (a viewer's editor is
 * read-only), and told after each autosave what the whole site's problems are now. Loaded on first
 * use: the forms, validators and preview are most of the studio's code, and sign-in, set-up, the
 * history and the operators' pages do without them.
 */
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { EditorPageProps } from '../editor/EditorPage';

export type EditorAreaProps = EditorPageProps;

const EditorPage = lazy(() => import('../editor/EditorPage').then((m) => ({ default: m.EditorPage })));

export function EditorArea(props: EditorAreaProps) {
  return (
    <EditorBoundary>
      <Suspense
        fallback={
          <p className="list-state list-state--loading" role="status">
            <span className="spinner" aria-hidden="true" /> Loading the editor…
          </p>
        }
      >
        <EditorPage {...props} />
      </Suspense>
    </EditorBoundary>
  );
}

/** A failed load of the editor's code (a new build deployed meanwhile, the network gone): say so, offer a reload. */
class EditorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="list-state list-state--error" role="alert">
        <p>The editor could not be loaded. Your drafts are saved on the server.</p>
        <button type="button" className="button button--secondary button--small" onClick={() => window.location.reload()}>
          Reload the studio
        </button>
      </div>
    );
  }
}
