/** Helpers for the card clients' component tests (jsdom): filling the fields, fake answers, targets. */
import { fireEvent, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { PaymentTarget } from './payment-types';

export const payer = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
export const orderTarget: PaymentTarget = { kind: 'order', orderId: 41, incrementId: '100000041', accessToken: 'order-token-41', payer };
export const splitTarget: PaymentTarget = { kind: 'split', orderId: 42, incrementId: '100000042', email: 'ada@example.com', amount: 125.5, payer };

export const NEXT_YEAR = String(new Date().getFullYear() + 1);

export function fillCard(card: { cardNumber?: string; expMonth?: string; expYear?: string; cardCode?: string }): void {
  if (card.cardNumber !== undefined) fireEvent.change(screen.getByLabelText('Card number'), { target: { value: card.cardNumber } });
  if (card.expMonth !== undefined) fireEvent.change(screen.getByLabelText('Expiry month'), { target: { value: card.expMonth } });
  if (card.expYear !== undefined) fireEvent.change(screen.getByLabelText('Expiry year'), { target: { value: card.expYear } });
  if (card.cardCode !== undefined) fireEvent.change(screen.getByLabelText('CVV'), { target: { value: card.cardCode } });
}

export const GOOD_CARD = { cardNumber: '4242424242424242', expMonth: '12', expYear: NEXT_YEAR, cardCode: '123' };

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch stub answering in turn; each call's URL, headers and parsed body are kept. */
export function stubFetch(...answers: Array<Response | (() => Promise<Response>) | Error>) {
  const calls: Array<{ url: string; headers: Record<string, string>; body: any }> = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, headers: (init.headers ?? {}) as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const next = answers.shift();
    if (next === undefined) throw new Error(`unexpected call to ${url}`);
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next() : next;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
