import { describe, expect, it } from 'vitest';
import { paymentProof, requestedAmount } from './payment-proof';

const payer = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

describe('paymentProof', () => {
  it('proves an order by its access token and names it in the metadata', () => {
    const proof = paymentProof({ kind: 'order', orderId: 7, incrementId: '100000007', accessToken: 'tok', payer });
    expect(proof).toEqual({ headers: { Authorization: 'Bearer tok' }, body: { metadata: { orderId: 7 } } });
  });

  it('proves a quote by its link token', () => {
    const proof = paymentProof({ kind: 'quote', quoteId: 3, token: 'link', amount: 500, payer });
    expect(proof).toEqual({ headers: { Authorization: 'Bearer link' }, body: { metadata: { quoteId: 3 } } });
  });

  it('proves a split payment by the e-mail in the body, never a token', () => {
    const proof = paymentProof({ kind: 'split', orderId: 9, incrementId: '100000009', email: 'ada@example.com', amount: 20, payer });
    expect(proof).toEqual({ headers: {}, body: { email: 'ada@example.com', metadata: { orderId: 9 } } });
  });
});

describe('requestedAmount', () => {
  it('asks for the whole due amount at checkout and the chosen part elsewhere', () => {
    expect(requestedAmount({ kind: 'order', orderId: 1, incrementId: '1', accessToken: 't', payer })).toBeUndefined();
    expect(requestedAmount({ kind: 'split', orderId: 1, incrementId: '1', email: 'e', amount: 12.5, payer })).toBe(12.5);
  });
});
