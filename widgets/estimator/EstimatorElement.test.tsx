// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api-client';
import { loadContent } from '../../server/content/load-content';
import { findEstimator } from '../../server/services/estimate-submission';
import { EstimatorElement } from './EstimatorElement';

const read = (file: string) => JSON.parse(fs.readFileSync(path.join(process.cwd(), 'examples/site', file), 'utf8')) as unknown;
/** The catalog's numbers for the demo's cabinet mix, as GET /api/estimator/{template} sends them. */
const cabinets = findEstimator(loadContent(path.join(process.cwd(), 'examples/site')), 'kitchen-estimator')!.cabinets;
/** A small RTA kitchen: the small mix from the catalog ($2,239.00 at the low end, $3,889.05 at the high) and RTA assembly ($600 - $900). */
const SMALL_RTA = { min: 2839, max: 4789.05, display: '$2,839.00 - $4,789.05' };

function answer(status: number, body: unknown) {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function show(fetchImpl: typeof fetch, template?: string) {
  const element = document.createElement('div');
  document.body.append(element);
  const api = createApiClient('https://shop.test', { fetchImpl });
  const view = render(<EstimatorElement api={api} apiBase="https://shop.test" element={element} template={template} />, { container: element });
  const retemplate = (next: string) => view.rerender(<EstimatorElement api={api} apiBase="https://shop.test" element={element} template={next} />);
  return Object.assign(element, { retemplate });
}

describe('<showroom-estimator> component', () => {
  it("shows 'Loading...' until the template has loaded, then the estimator, and fires showroom:estimate-changed", async () => {
    const fetchImpl = answer(200, { success: true, template: read('estimator/kitchen-estimator.json'), pricing: read('data/estimator-pricing.json'), cabinets });
    const element = show(fetchImpl, 'kitchen-estimator');
    expect(screen.getByText('Loading...')).toBeTruthy();
    await screen.findByRole('button', { name: 'Next: cabinet style' });
    expect(String(fetchImpl.mock.calls[0]![0])).toBe('https://shop.test/api/estimator/kitchen-estimator');
    const seen: unknown[] = [];
    const listen = (e: Event) => seen.push((e as CustomEvent).detail);
    document.addEventListener('showroom:estimate-changed', listen);
    fireEvent.click(screen.getByRole('radio', { name: /^Small/ }));
    fireEvent.change(screen.getByLabelText(/^Cabinet line/, { selector: 'select' }), { target: { value: 'rta' } });
    // The event follows the render that priced the answers: on a busy machine, after this line runs.
    await waitFor(() => expect(seen.at(-1)).toEqual({ template: 'kitchen-estimator', range: { min: SMALL_RTA.min, max: SMALL_RTA.max } }));
    document.removeEventListener('showroom:estimate-changed', listen);
    expect(element.querySelector('[data-total="grand"]')!.textContent).toBe(SMALL_RTA.display);
  });

  it('says inside itself that an unknown template does not exist', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    show(answer(404, { error: 'estimator_not_found', message: 'There is no estimator of that name.' }), 'no-such');
    expect((await screen.findByRole('alert')).textContent).toContain('There is no estimator template named "no-such".');
  });

  it('starts afresh when template changes: no answer, price or error of the template before stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const kitchen = read('estimator/kitchen-estimator.json') as { name: string; title: string };
    const pricing = read('data/estimator-pricing.json');
    const byName: Record<string, unknown> = {
      'kitchen-estimator': { success: true, template: kitchen, pricing, cabinets },
      'galley-estimator': { success: true, template: { ...kitchen, name: 'galley-estimator', title: 'Galley price estimator' }, pricing, cabinets },
    };
    const fetchImpl = vi.fn(async (url: string | URL | Request) => {
      const body = byName[String(url).split('/').pop()!];
      return new Response(JSON.stringify(body ?? { error: 'estimator_not_found', message: 'There is no estimator of that name.' }), { status: body ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
    });
    const element = show(fetchImpl, 'kitchen-estimator');
    fireEvent.click(await screen.findByRole('radio', { name: /^Small/ }));
    fireEvent.change(screen.getByLabelText(/^Cabinet line/, { selector: 'select' }), { target: { value: 'rta' } });
    // The range follows the answers once the estimator has rendered them (preact batches its updates).
    await waitFor(() => expect(element.querySelector('[data-total="grand"]')!.textContent).toBe(SMALL_RTA.display));

    element.retemplate('kitchen-estimatr');
    expect((await screen.findByRole('alert')).textContent).toContain('There is no estimator template named "kitchen-estimatr".');
    element.retemplate('galley-estimator');
    await screen.findByRole('heading', { name: 'Galley price estimator' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('radio', { name: /^Small/ }) as HTMLInputElement).checked).toBe(false);
    screen.getByText('Choose your options to see a price range.');
  });

  it('asks for the template attribute when it is missing', () => {
    const fetchImpl = answer(200, {});
    show(fetchImpl);
    expect(screen.getByRole('alert').textContent).toContain('The template attribute is required.');
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
