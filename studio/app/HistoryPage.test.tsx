// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VersionDetail, VersionSummary } from '../api/studio-client';
import { classifyDiff } from './DiffView';
import { HistoryPage } from './HistoryPage';
import { fakeClient, operators, renderInStudio, visit } from './testing/studio-fixture';

afterEach(cleanup);

const V2: VersionSummary = { id: 2, author: 'pia@example.com', createdAt: '2026-03-02T10:00:00.000Z', message: 'Austin showroom', files: ['pages/showroom-austin.json', 'routes.json'], restoredFrom: null };
const V1: VersionSummary = { id: 1, author: 'ada@example.com', createdAt: '2026-03-01T10:00:00.000Z', message: '', files: ['site.json'], restoredFrom: null };
const DIFF = ['--- routes.json', '+++ routes.json', '@@ -1,3 +1,4 @@', ' {', '-  "old": 1,', '+  "new": 2,', '+  "more": 3', ' }', ''].join('\n');
const DETAIL: VersionDetail = { version: V2, changes: [{ path: 'routes.json', kind: 'changed', lines: [], diff: DIFF }, { path: 'pages/showroom-austin.json', kind: 'added', lines: [], diff: '+{}\n' }] };

describe('HistoryPage', () => {
  it('lists versions newest first with author, message and files, and empty as empty', async () => {
    renderInStudio(<HistoryPage version={null} file={null} />, { client: fakeClient({ versions: () => Promise.resolve([V2, V1]) }), operator: operators.viewer });
    const items = await screen.findAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Version 2');
    expect(items[0]!.textContent).toContain('Austin showroom');
    expect(items[0]!.textContent).toContain('pia@example.com');
    expect(items[0]!.textContent).toContain('pages/showroom-austin.json, routes.json');
    expect(items[1]!.textContent).toContain('(no message)');
    cleanup();
    renderInStudio(<HistoryPage version={null} file="pages/home.json" />, { client: fakeClient({ versions: () => Promise.resolve([]) }), operator: operators.viewer });
    expect(await screen.findByText('This file has not been published from the studio yet.')).toBeTruthy();
  });

  it("shows a version's diff with + and − markers and words, not colour alone", async () => {
    renderInStudio(<HistoryPage version={2} file={null} />, {
      client: fakeClient({ versions: () => Promise.resolve([V2, V1]), version: () => Promise.resolve(DETAIL) }),
      operator: operators.viewer,
    });
    const lines = await screen.findByLabelText('Changes to routes.json');
    const added = lines.querySelectorAll('.diff__line--add');
    expect(added).toHaveLength(2);
    expect(added[0]!.textContent).toBe('+Added:   "new": 2,\n');
    expect(lines.querySelector('.diff__line--remove')!.textContent).toBe('−Removed:   "old": 1,\n');
    expect(lines.getAttribute('tabindex')).toBe('0');
    // A viewer does not restore.
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
  });

  it('lets a publisher restore after confirming, then goes to the new version', async () => {
    visit('/studio/history/2');
    const restore = vi.fn(() => Promise.resolve({ version: 3, files: ['pages/showroom-austin.json', 'routes.json'] }));
    renderInStudio(<HistoryPage version={2} file={null} />, {
      client: fakeClient({ versions: () => Promise.resolve([V2, V1]), version: () => Promise.resolve(DETAIL), restore }),
      operator: operators.publisher,
    });
    const undo = await screen.findByRole('button', { name: 'Undo this version' });
    expect(undo.getAttribute('aria-describedby')).toBe('undo-what');
    expect(document.getElementById('undo-what')!.textContent).toBe('Puts its 2 files back as they were before version 2; every other file stays as it is now.');
    fireEvent.click(undo);
    // The confirmation says which file goes back to what.
    const question = screen.getByRole('group', { name: /Undo version 2\?/ });
    expect([...question.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['routes.json goes back to its text before version 2.', 'pages/showroom-austin.json is removed (version 2 added it).']);
    expect(question.textContent).toContain('Every other file stays as it is now.');
    expect(restore).not.toHaveBeenCalled();
    const yes = screen.getByRole('button', { name: 'Yes, undo version 2' });
    expect(document.activeElement).toBe(yes);
    fireEvent.click(yes);
    await waitFor(() => expect(restore).toHaveBeenCalledWith(2));
    await waitFor(() => expect(window.location.pathname).toBe('/studio/history/3'));
  });
});

describe('classifyDiff', () => {
  it('tells headers, hunks, additions, removals and context apart', () => {
    expect(classifyDiff(DIFF).map((l) => l.kind)).toEqual(['header', 'header', 'hunk', 'context', 'remove', 'add', 'add', 'context']);
  });
});
