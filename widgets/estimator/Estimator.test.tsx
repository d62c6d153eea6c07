// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EstimatorPricing } from '../../schemas/estimator/estimator-pricing.schema';
import type { EstimatorTemplate } from '../../schemas/estimator/estimator-template.schema';
import { estimatePrice } from '../../schemas/evaluators/estimator-pricing';
import type { FormField } from '../../schemas/forms/form-field.schema';
import { loadContent } from '../../server/content/load-content';
import { findEstimator } from '../../server/services/estimate-submission';
import { Estimator, type EstimatorProps } from './Estimator';

const read = <T,>(file: string) => JSON.parse(fs.readFileSync(path.join(process.cwd(), 'examples/site', file), 'utf8')) as T;
const template = read<EstimatorTemplate>('estimator/kitchen-estimator.json');
const pricing = read<EstimatorPricing>('data/estimator-pricing.json');
/** The catalog's numbers for the template's cabinet mix, as the store hands them to the estimator. */
const cabinets = findEstimator(loadContent(path.join(process.cwd(), 'examples/site')), 'kitchen-estimator')!.cabinets;
const priceOf = (values: Record<string, string | string[]>) => estimatePrice(template.fields as FormField[], values, pricing, cabinets);

const scrolled = vi.fn();
beforeEach(() => {
  Element.prototype.scrollIntoView = scrolled;
  scrolled.mockClear();
});
afterEach(cleanup);

function show(props: Partial<EstimatorProps> = {}) {
  return render(<Estimator template={template} pricing={pricing} cabinets={cabinets} idPrefix="est" {...props} />);
}
const radio = (name: RegExp) => screen.getByRole('radio', { name, hidden: true });
const select = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'select' }), { target: { value } });
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const grandTotal = () => document.querySelector('[data-total="grand"]')!.textContent;
const region = (name: string) => document.getElementById(`est-${name}-body`)!;

function fillKitchen() {
  fireEvent.click(radio(/^Medium/));
  select(/^Cabinet line/, 'assembled');
}

function fillRequired() {
  fillKitchen();
  fireEvent.click(radio(/^Shaker/));
  select(/^Finish/, 'painted-white');
  select(/^Countertop material/, 'quartz');
  fireEvent.click(screen.getByRole('button', { name: '4. Installation and extras' }));
  fireEvent.click(radio(/^Yes, install it for me/));
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  type(/^First name/, 'Rosa');
  type(/^Last name/, 'Diaz');
  type(/^E-mail/, 'rosa.diaz@example.com');
  type(/^ZIP code/, '78701');
}

describe('Estimator', () => {
  it('opens the first accordion and shows a live range as fields are filled, announcing each change', () => {
    const changed = vi.fn();
    show({ onEstimateChanged: changed });
    expect(region('kitchen').hidden).toBe(false);
    expect(region('style').hidden).toBe(true);
    expect(grandTotal()).toBe('$0.00 - $0.00');
    fireEvent.click(radio(/^Medium/));
    select(/^Cabinet line/, 'assembled');
    const expected = priceOf({ kitchenSize: 'medium', cabinetLine: 'assembled', backsplash: 'none', flooring: 'keep-existing' });
    expect(grandTotal()).toBe(expected.display.final);
    expect(grandTotal()).not.toBe('$0.00 - $0.00');
    expect(document.querySelector('[data-total="product"]')!.textContent).toBe(expected.display.product);
    expect(changed).toHaveBeenLastCalledWith({ min: expected.finalMin, max: expected.finalMax });
  });

  it('Next validates the sections up to the current one, then closes it, opens the target and scrolls to it after 100 ms', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Next: cabinet style' }));
    expect(screen.getAllByText('This field is required').length).toBe(2);
    expect(region('kitchen').hidden).toBe(false);
    expect(region('style').hidden).toBe(true);
    fillKitchen();
    fireEvent.click(screen.getByRole('button', { name: 'Next: cabinet style' }));
    expect(region('kitchen').hidden).toBe(true);
    expect(region('style').hidden).toBe(false);
    expect(scrolled).not.toHaveBeenCalled();
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    // Next in section 2 checks section 1 too: clearing a section-1 answer reopens it with its error.
    select(/^Cabinet line/, '');
    fireEvent.click(screen.getByRole('button', { name: 'Next: countertops and floors', hidden: true }));
    expect(region('kitchen').hidden).toBe(false);
    expect(screen.getAllByText('This field is required').length).toBeGreaterThan(0);
  });

  it("shows the live range inside a popup section and beside Send, so the range a visitor sends is one they saw", () => {
    show();
    fillKitchen();
    select(/^Countertop material/, 'quartz');
    fireEvent.click(screen.getByRole('button', { name: '4. Installation and extras' }));
    const inDialog = () => within(screen.getByRole('dialog')).getByText((_, el) => el?.hasAttribute('data-live-total') ?? false).textContent;
    const before = { kitchenSize: 'medium', cabinetLine: 'assembled', countertop: 'quartz', backsplash: 'none', flooring: 'keep-existing' };
    expect(inDialog()).toBe(priceOf(before).display.final);
    fireEvent.click(radio(/^Yes, install it for me/));
    fireEvent.click(screen.getByRole('checkbox', { name: /Under-cabinet/ }));
    const after = priceOf({ ...before, installation: 'yes', extras: ['under-cabinet-lighting'] });
    expect(after.finalMin).toBeGreaterThan(priceOf(before).finalMin);
    expect(inDialog()).toBe(after.display.final);
    fireEvent.click(screen.getByRole('button', { name: 'Next: your details' }));
    // The section that sends shows the same range next to its Send button.
    expect(region('contact').querySelector('[data-live-total]')!.textContent).toBe(after.display.final);
    expect(grandTotal()).toBe(after.display.final);
  });

  it('a popup section locks page scrolling while open', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: '4. Installation and extras' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    fireEvent.click(screen.getByRole('button', { name: '4. Installation and extras' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Reset clears the values and the price and reopens the first section', () => {
    show();
    fillKitchen();
    fireEvent.click(screen.getByRole('button', { name: 'Next: cabinet style' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(grandTotal()).toBe('$0.00 - $0.00');
    expect((radio(/^Medium/) as HTMLInputElement).checked).toBe(false);
    expect(region('kitchen').hidden).toBe(false);
    expect(region('style').hidden).toBe(true);
  });

  it('shows Print only once a price exists and a value is filled', () => {
    show();
    expect(screen.queryByText('Download PDF')).toBeNull();
    // The free defaults ("no backsplash", "keep my floor") are no price.
    fireEvent.click(radio(/^No backsplash/));
    expect(screen.queryByText('Download PDF')).toBeNull();
    // A size prices its usual cabinets from the catalog.
    fireEvent.click(radio(/^Medium/));
    expect(grandTotal()).toBe(priceOf({ kitchenSize: 'medium', backsplash: 'none', flooring: 'keep-existing' }).display.final);
    expect(screen.getByText('Download PDF')).toBeTruthy();
  });

  it('Print validates the whole form and says when the PDF library cannot be loaded', async () => {
    const makePdf = vi.fn(async () => {
      throw new Error('PDF library not found');
    });
    show({ makePdf });
    fillKitchen();
    fireEvent.click(screen.getByText('Download PDF'));
    expect(makePdf).not.toHaveBeenCalled();
    expect(region('contact').hidden).toBe(false);
    fillRequired();
    await act(async () => {
      fireEvent.click(screen.getByText('Download PDF'));
    });
    expect(makePdf).toHaveBeenCalledTimes(1);
    expect(screen.getByText('PDF library not found')).toBeTruthy();
  });

  it('Submit sends the estimate through /api/forms/{name}, shows the result and keeps the answers and the range', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify({ success: true, message: 'ok', data: { id: 7, estimate: { min: 100, max: 200 } } }), { status: 201, headers: { 'Content-Type': 'application/json' } }),
    );
    const submitted = vi.fn();
    show({ transport: { apiBase: 'https://shop.test', dealer: 'oak-dealer', fetch }, onEstimateSubmitted: submitted });
    fillRequired();
    fireEvent.click(screen.getByLabelText('I am not a robot (test captcha)'));
    const total = grandTotal();
    await act(async () => {
      fireEvent.click(screen.getByText('Send my estimate'));
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://shop.test/api/forms/kitchen-estimator');
    expect((init!.headers as Record<string, string>)['X-Showroom-Dealer']).toBe('oak-dealer');
    const body = JSON.parse(String(init!.body)) as { formData: Record<string, unknown>; totalPrice: string; summary: { label: string; value: string }[]; honeypot: string; recaptchaToken: string };
    expect(body.recaptchaToken).toBe('test-pass');
    expect(body.formData).toMatchObject({ kitchenSize: 'medium', cabinetLine: 'assembled', email: 'rosa.diaz@example.com', installation: 'yes' });
    expect(body.totalPrice).toBe(total);
    expect(body.summary.at(-1)).toEqual({ label: 'Estimated total', value: total });
    expect(body.honeypot).toBe('');
    expect(screen.getByText('Email sent successfully')).toBeTruthy();
    expect(submitted).toHaveBeenCalledWith({ min: 100, max: 200 });
    expect(grandTotal()).toBe(total);
    expect(total).not.toBe('$0.00 - $0.00');
  });

  it('says when sending failed and keeps the answers', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: 'server_error', message: 'Down' }), { status: 503 }));
    show({ transport: { fetch } });
    fillRequired();
    fireEvent.click(screen.getByLabelText('I am not a robot (test captcha)'));
    await act(async () => {
      fireEvent.click(screen.getByText('Send my estimate'));
    });
    expect(screen.getByText('Failed to send email')).toBeTruthy();
    expect((radio(/^Medium/) as HTMLInputElement).checked).toBe(true);
  });

  it('a template with googleReCaptcha sends nothing until the captcha is passed, and shows the server\'s captcha message', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: 'validation_failed', message: 'Submission failed', fields: { recaptchaToken: 'Please complete the reCAPTCHA verification' } }), { status: 400 }));
    show({ transport: { fetch } });
    fillRequired();
    await act(async () => {
      fireEvent.click(screen.getByText('Send my estimate'));
    });
    expect(fetch).not.toHaveBeenCalled();
    // The captcha and its message sit by the Submit button, in the section that has it.
    expect(document.querySelector('[data-section="contact"] [data-field="recaptchaToken"] [role="alert"]')?.textContent).toBe('Please complete the reCAPTCHA verification');
    fireEvent.click(screen.getByLabelText('I am not a robot (test captcha)'));
    expect(screen.queryByText('Please complete the reCAPTCHA verification')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByText('Send my estimate'));
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    // A token is good for one send: the box is cleared, and the server's refusal shows at the captcha.
    expect((screen.getByLabelText('I am not a robot (test captcha)') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Please complete the reCAPTCHA verification')).toBeTruthy();
  });
});
