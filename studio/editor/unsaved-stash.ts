/**
 * The last text that could not be saved, kept in this tab's sessionStorage per file: a session that
 * ended, a server that stayed away, a tab closed while a save failed. Opening the file again offers
 * it back; a successful save of the same text forgets it.
 */
export interface Stashed {
  text: string;
  at: string;
}

const key = (path: string) => `showroom-studio:unsaved:${path}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function stashUnsaved(path: string, text: string): void {
  try {
    storage()?.setItem(key(path), JSON.stringify({ text, at: new Date().toISOString() } satisfies Stashed));
  } catch {
    // A full storage keeps nothing; the editor still holds the text.
  }
}

export function readStash(path: string): Stashed | null {
  try {
    const raw = storage()?.getItem(key(path));
    const value = raw ? (JSON.parse(raw) as Stashed) : null;
    return value && typeof value.text === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function forgetStash(path: string): void {
  try {
    storage()?.removeItem(key(path));
  } catch {
    // Nothing to forget.
  }
}
