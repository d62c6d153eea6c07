/**
 * routes.json as the editor needs it: the route paths (suggestions for links) and, for a page, the
 * routes that show it, with a way to save a changed list as this operator's draft of routes.json
 * (the same PUT /api/studio/draft, with that file's own revision and base hash).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DraftSaved, StudioClient } from '../api/studio-client';
import { formatJson, parseJson } from './json-text';

export const ROUTES_PATH = 'routes.json';

export interface RouteEntry {
  path: string;
  page: string;
  [key: string]: unknown;
}

export interface RoutesDocument {
  routes: RouteEntry[];
  [key: string]: unknown;
}

export type RoutesFile =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; doc: RoutesDocument; revision: number | undefined; baseHash: string | null };

export function useRoutesFile(client: Pick<StudioClient, 'file' | 'saveDraft'>): { file: RoutesFile; reload(): void; save(doc: RoutesDocument): Promise<DraftSaved> } {
  const [file, setFile] = useState<RoutesFile>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const latest = useRef(file);
  latest.current = file;

  useEffect(() => {
    let live = true;
    client.file(ROUTES_PATH).then(
      (view) => {
        if (!live) return;
        const text = view.draft?.text ?? view.published?.text ?? '{"routes": []}';
        const parsed = parseJson(text);
        const doc = parsed.ok && parsed.value && typeof parsed.value === 'object' && Array.isArray((parsed.value as RoutesDocument).routes) ? (parsed.value as RoutesDocument) : null;
        if (!doc) setFile({ state: 'failed', message: 'routes.json is not a list of routes right now: open it to fix it.' });
        else setFile({ state: 'ready', doc, revision: view.draft?.revision, baseHash: view.draft ? view.draft.baseHash : (view.published?.hash ?? null) });
      },
      (error: unknown) => live && setFile({ state: 'failed', message: error instanceof Error ? error.message : 'routes.json could not be read.' }),
    );
    return () => {
      live = false;
    };
  }, [client, round]);

  const save = useCallback(async (doc: RoutesDocument) => {
    const current = latest.current;
    if (current.state !== 'ready') throw new Error('routes.json is not loaded.');
    const result = await client.saveDraft({
      path: ROUTES_PATH,
      text: formatJson(doc),
      ...(current.revision === undefined ? {} : { revision: current.revision }),
      baseHash: current.baseHash,
    });
    setFile({ state: 'ready', doc, revision: result.revision, baseHash: current.baseHash });
    return result;
  }, [client]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { file, reload, save };
}
