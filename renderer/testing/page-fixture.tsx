/** Test helpers: a page state with sensible defaults, and a renderer that wraps a tree in it. */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { SiteSettings } from '../../schemas/site-settings.schema';
import { PageContext, PageViewContext, pageViewOf } from '../page-context';
import type { PageState } from '../page-state';

export const testSettings: SiteSettings = {
  siteName: 'Test Cabinets',
  navigation: [
    { label: 'Cabinets', path: '/products/kitchen-cabinets', children: [{ label: 'Shaker', path: '/products/kitchen-cabinets/shaker' }] },
    { label: 'Contact', path: '/contact' },
  ],
};

export function pageState(overrides: Partial<PageState> = {}): PageState {
  return {
    pageName: 'test',
    page: { metadata: { title: 'Test page', description: 'A page for tests.' }, blocks: [] },
    settings: testSettings,
    url: '/test',
    params: {},
    consentGiven: true,
    blockData: [],
    breadcrumb: [{ label: 'Home', path: '/' }, { label: 'Test page' }],
    title: 'Test page',
    ...overrides,
  };
}

export function renderInPage(ui: ReactNode, overrides: Partial<PageState> = {}) {
  const state = pageState(overrides);
  return render(
    <PageContext.Provider value={state}>
      <PageViewContext.Provider value={pageViewOf(state)}>{ui}</PageViewContext.Provider>
    </PageContext.Provider>,
  );
}
