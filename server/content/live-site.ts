/**
 * The content every server serves, swapped whole when it changes: after a publish of the studio
 * (on this server, or on another one sharing the database), and in development when a file of the
 * content folder changes. A folder that fails validation never replaces the content serving: the
 * last good one stays, and its problems are kept for the log and the studio.
 *
 * INTERFACE ONLY for now: the implementation is being written (issue 20).
 */
import type { Content } from './load-content';
import type { DefinitionProblem } from './definition-problem';

export type ContentProblem = DefinitionProblem;

/** Files of the content folder by path relative to it: the new text, or null to remove the file. */
export type ContentChanges = ReadonlyMap<string, string | null>;

export interface PublishMeta {
  /** The operator's e-mail. */
  author: string;
  message: string;
  /** A restore: the version whose changes it undoes. */
  restoredFrom?: number;
}

export interface LiveSite {
  /** The content folder. */
  readonly dir: string;
  /** The content being served now. */
  current(): Content;
  /** Problems of the folder on disk that keep the last good content serving; empty when it is good. */
  problems(): ContentProblem[];
  /** The text of a file of the folder as published, or null when there is none. */
  readPublished(path: string): string | null;
  /** The problems the whole folder would have with these changes, written nowhere. */
  check(changes: ContentChanges): ContentProblem[];
  /** The content as it would be with these changes (a preview); throws InvalidContentError when they have problems. */
  contentWith(changes: ContentChanges): Content;
  /**
   * Writes the changes into the folder (each file atomically: a temporary file renamed over it),
   * records them as one version in the database with the text each file had before, and swaps
   * every server to the new content. Refuses (InvalidContentError) when the folder with them has
   * problems. Returns the version's id.
   */
  publish(changes: ContentChanges, meta: PublishMeta): Promise<number>;
  /** Re-reads the folder and swaps to it when it passes; otherwise keeps the content serving. */
  reload(): Promise<{ swapped: boolean; problems: ContentProblem[] }>;
}
