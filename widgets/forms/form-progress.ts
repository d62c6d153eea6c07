/**
 * Multi-step progress kept in the browser per form name, so a reload or a later visit continues
 * where the visitor stopped. Files are not kept (they were sent with their step); the submission id
 * and its continuation token are, so later steps still join the same submission.
 */
import type { FieldValue } from '../../schemas/evaluators/field-values';

/** The part of the Web Storage interface used here (localStorage, or a test double). */
export type ProgressStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SavedProgress {
  step: number;
  completed: number[];
  id: string | null;
  token: string | null;
  values: Record<string, FieldValue>;
}

export function progressKey(formName: string): string {
  return `showroom-form:${formName}`;
}

export function saveProgress(storage: ProgressStorage, formName: string, progress: SavedProgress): void {
  try {
    storage.setItem(progressKey(formName), JSON.stringify(progress));
  } catch {
    // Storage full or blocked (private mode): the form still works, it just does not survive a reload.
  }
}

export function loadSavedProgress(storage: ProgressStorage, formName: string): SavedProgress | null {
  try {
    const raw = storage.getItem(progressKey(formName));
    if (!raw) return null;
    const p = JSON.parse(raw) as Partial<SavedProgress>;
    if (typeof p !== 'object' || p === null || typeof p.step !== 'number' || typeof p.values !== 'object' || p.values === null) return null;
    return {
      step: p.step,
      completed: Array.isArray(p.completed) ? p.completed.filter((n): n is number => typeof n === 'number') : [],
      id: typeof p.id === 'string' ? p.id : null,
      token: typeof p.token === 'string' ? p.token : null,
      values: p.values,
    };
  } catch {
    return null;
  }
}

export function clearSavedProgress(storage: ProgressStorage, formName: string): void {
  try {
    storage.removeItem(progressKey(formName));
  } catch {
    // Blocked storage: nothing was kept.
  }
}

/** localStorage when the browser allows it; null on the server or when storage is blocked. */
export function browserStorage(): ProgressStorage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}
