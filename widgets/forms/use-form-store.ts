/** React's view of a form store: one subscription per field, one for the form's status. */
import { useCallback, useSyncExternalStore } from 'react';
import type { FieldSnapshot, FormStatus, FormStore } from './form-store';

export function useField(store: FormStore, name: string): FieldSnapshot {
  const subscribe = useCallback((l: () => void) => store.subscribe(name, l), [store, name]);
  const get = () => store.getField(name);
  return useSyncExternalStore(subscribe, get, get);
}

export function useGroupHidden(store: FormStore, name: string): boolean {
  const subscribe = useCallback((l: () => void) => store.subscribe(`group:${name}`, l), [store, name]);
  const get = () => store.isGroupHidden(name);
  return useSyncExternalStore(subscribe, get, get);
}

export function useFormStatus(store: FormStore): FormStatus {
  const subscribe = useCallback((l: () => void) => store.subscribeStatus(l), [store]);
  return useSyncExternalStore(subscribe, store.getStatus, store.getStatus);
}
