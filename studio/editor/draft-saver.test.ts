import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StudioApiError, type DraftSaved } from '../api/studio-client';
import { DraftSaver, type DraftBody, type SaveStatus } from './draft-saver';

const ok = (revision: number): DraftSaved => ({ revision, updatedAt: '2026-01-01T00:00:00.000Z', problems: [] });

function saver(answers: ((body: DraftBody) => Promise<DraftSaved>)[], revision?: number) {
  const sent: DraftBody[] = [];
  const statuses: SaveStatus['state'][] = [];
  const saved: string[] = [];
  const s = new DraftSaver({
    path: 'pages/a.json',
    revision,
    baseHash: 'h',
    save: (body) => {
      sent.push(body);
      return (answers.shift() ?? ((b: DraftBody) => Promise.resolve(ok((b.revision ?? 0) + 1))))(body);
    },
    onSaved: (_r, text) => saved.push(text),
    onStatus: (st) => statuses.push(st.state),
  });
  return { s, sent, statuses, saved };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('DraftSaver', () => {
  it('debounces, sends the revision, and queues text typed during a save', async () => {
    let release!: () => void;
    const { s, sent, saved } = saver([(b) => new Promise((r) => (release = () => r(ok((b.revision ?? 0) + 1))))], 4);
    s.change('a');
    await vi.advanceTimersByTimeAsync(500);
    s.change('ab');
    await vi.advanceTimersByTimeAsync(799);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ path: 'pages/a.json', text: 'ab', revision: 4, baseHash: 'h' }]);
    s.change('abc');
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ text: 'abc', revision: 5 });
    expect(saved).toEqual(['ab', 'abc']);
  });

  it('retries a failure with the same text, and stops on a 409 until resumed', async () => {
    const { s, sent, statuses } = saver([() => Promise.reject(new TypeError('offline')), () => Promise.reject(new StudioApiError(409, 'draft_stale', 'Stale.'))]);
    s.change('x');
    await vi.advanceTimersByTimeAsync(800);
    expect(statuses.at(-1)).toBe('failed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((b) => b.text)).toEqual(['x', 'x']);
    expect(statuses.at(-1)).toBe('conflict');
    s.change('xy');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(2);
    expect(s.unsaved).toBe(true);
    s.resume(9, 'h2', 'xy');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent[2]).toEqual({ path: 'pages/a.json', text: 'xy', revision: 9, baseHash: 'h2' });
    expect(statuses.at(-1)).toBe('saved');
  });

  it('saves what is waiting when the editor closes', async () => {
    const { s, sent } = saver([]);
    s.change('last words');
    s.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((b) => b.text)).toEqual(['last words']);
  });
});
