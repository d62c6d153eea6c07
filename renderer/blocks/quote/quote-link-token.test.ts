import { describe, expect, it } from 'vitest';
import { moveQuoteLinkToken, readQuoteLinkToken } from './quote-link-token';

function memoryStorage() {
  const items = new Map<string, string>();
  return { setItem: (k: string, v: string) => void items.set(k, v), getItem: (k: string) => items.get(k) ?? null };
}

describe('the quote link token', () => {
  it('leaves the address bar and is kept for the quote', () => {
    const storage = memoryStorage();
    let replaced = '';
    moveQuoteLinkToken({ href: 'https://shop.example/quote/payment?quoteId=12&token=s3cr3t#pay', replace: (u) => (replaced = u) }, storage);
    expect(replaced).toBe('/quote/payment?quoteId=12#pay');
    expect(readQuoteLinkToken('12', storage)).toBe('s3cr3t');
  });

  it('leaves an address without a token alone', () => {
    const storage = memoryStorage();
    let replaced: string | null = null;
    moveQuoteLinkToken({ href: 'https://shop.example/quote/payment?quoteId=12', replace: (u) => (replaced = u) }, storage);
    expect(replaced).toBeNull();
    expect(readQuoteLinkToken('12', storage)).toBeNull();
  });

  it('drops a token that names no quote instead of keeping it in the address bar', () => {
    const storage = memoryStorage();
    let replaced = '';
    moveQuoteLinkToken({ href: 'https://shop.example/quote/payment?token=s3cr3t', replace: (u) => (replaced = u) }, storage);
    expect(replaced).toBe('/quote/payment');
  });
});
