/** For the studio's component tests: a client whose every call fails unless the test gives it, and a render inside the studio's context. */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { Operator, StudioClient } from '../../api/studio-client';
import { messageOf, StudioContext, type Studio } from '../studio-context';

export function fakeClient(calls: Partial<StudioClient> = {}): StudioClient {
  const fail = (name: string) => vi.fn(() => Promise.reject(new Error(`studioClient.${name} was not expected in this test`)));
  const names: (keyof StudioClient)[] = [
    'me', 'login', 'logout', 'setupPassword', 'setupConfirm', 'operators', 'addOperator', 'updateOperator', 'audit',
    'files', 'file', 'saveDraft', 'discardDraft', 'preview', 'publish', 'versions', 'version', 'restore',
    'reviews', 'reviewCounts', 'review', 'submitReview', 'resubmitReview', 'withdrawReview', 'sendBackReview', 'publishReview', 'images', 'uploadImage', 'deleteImage',
    'waitingRefunds',
  ];
  return Object.fromEntries(names.map((n) => [n, calls[n] ?? fail(n)])) as unknown as StudioClient;
}

export const operators = {
  viewer: { id: 1, email: 'viola@example.com', role: 'viewer' },
  editor: { id: 2, email: 'eddie@example.com', role: 'editor' },
  publisher: { id: 3, email: 'pia@example.com', role: 'publisher' },
  admin: { id: 4, email: 'ada@example.com', role: 'admin' },
} satisfies Record<string, Operator>;

export function renderInStudio(ui: ReactElement, studio: Partial<Studio> = {}): RenderResult & { studio: Studio } {
  const value: Studio = { client: fakeClient(), operator: null, setOperator: vi.fn(), failure: messageOf, ...studio };
  return { ...render(<StudioContext.Provider value={value}>{ui}</StudioContext.Provider>), studio: value };
}

/** Puts the browser at a studio address, as a visit would. */
export function visit(url: string): void {
  window.history.replaceState(null, '', url);
}
