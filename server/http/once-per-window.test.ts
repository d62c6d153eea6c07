import { describe, expect, it } from 'vitest';
import { OncePerWindow } from './once-per-window';

const TEN_MINUTES = 10 * 60_000;

describe('OncePerWindow', () => {
  it('lets a key through once per window and counts what it held back', () => {
    let now = 1_000_000;
    const once = new OncePerWindow({ windowMs: TEN_MINUTES, now: () => now });
    expect(once.take('demo-dealer http://a.example')).toEqual({ heldBack: 0 });
    expect(once.take('demo-dealer http://a.example')).toBeNull();
    now += TEN_MINUTES - 1;
    expect(once.take('demo-dealer http://a.example')).toBeNull();
    // Another key has its own window.
    expect(once.take('demo-dealer http://b.example')).toEqual({ heldBack: 0 });
    now += 1;
    expect(once.take('demo-dealer http://a.example')).toEqual({ heldBack: 2 });
    expect(once.take('demo-dealer http://a.example')).toBeNull();
  });

  it('keeps at most maxKeys keys, forgetting the oldest', () => {
    const once = new OncePerWindow({ windowMs: TEN_MINUTES, now: () => 0, maxKeys: 2 });
    expect(once.take('a')).not.toBeNull();
    expect(once.take('b')).not.toBeNull();
    expect(once.take('c')).not.toBeNull();
    // 'a' was forgotten, 'b' and 'c' are still held back.
    expect(once.take('a')).not.toBeNull();
    expect(once.take('c')).toBeNull();
  });
});
