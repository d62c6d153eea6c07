/**
 * What the studio's file list shows for a file besides its path: a page's title and the addresses
 * its routes give it, a form's or a popup's title (the published content; a draft of a new file has
 * neither yet, and the list shows its name).
 */
import type { Content } from '../content/load-content';

export interface FileTitle {
  title?: string;
  addresses?: string[];
}

export function fileTitleOf(content: Content, path: string): FileTitle {
  const page = /^pages\/([^/]+)\.json$/.exec(path)?.[1];
  if (page !== undefined) {
    const title = content.pages[page]?.metadata.title;
    const addresses = content.routes.filter((r) => r.page === page).map((r) => r.path);
    return { ...(title ? { title } : {}), addresses };
  }
  const form = /^forms\/([^/]+)\.json$/.exec(path)?.[1];
  const popup = /^popups\/([^/]+)\.json$/.exec(path)?.[1];
  const title = form !== undefined ? content.forms[form]?.title : popup !== undefined ? content.popups[popup]?.title : undefined;
  return title ? { title } : {};
}
