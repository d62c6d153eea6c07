/** For the leads and subscribers screens' tests: a client whose every call fails unless the test gives it. */
import { vi } from 'vitest';
import type { BackOfficeLeadClient } from '../api/back-office-leads';

export function fakeLeadClient(calls: Partial<BackOfficeLeadClient> = {}): BackOfficeLeadClient {
  const fail = (name: string) => vi.fn(() => Promise.reject(new Error(`backOfficeLeadClient.${name} was not expected in this test`)));
  const names: (keyof BackOfficeLeadClient)[] = ['forms', 'leads', 'lead', 'setLeadStatus', 'subscribers', 'subscriberErasure', 'removeSubscriber'];
  return Object.fromEntries(names.map((n) => [n, calls[n] ?? fail(n)])) as unknown as BackOfficeLeadClient;
}
