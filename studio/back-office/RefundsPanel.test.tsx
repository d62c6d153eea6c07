// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackOfficeOrdersClient, OrderDetail, OrderPayment } from '../api/back-office-orders';
import { StudioApiError } from '../api/studio-client';
import { operators, renderInStudio, visit } from '../app/testing/studio-fixture';
import { DETAIL, fakeOrdersClient, page, refund, row } from './order-fixture';
import { OrdersPage } from './OrdersPage';
import { parseDollars } from './RefundDialog';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
beforeEach(() => visit('/studio/orders/7'));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PAYMENT = DETAIL.payments[0]!;
/** The order with no overpayment, so the only refund controls are the payment's and the refunds'; no line to return, so a refund is an amount (refunds by line are e2e/refund-journey.e2e.ts's). */
const ORDER: OrderDetail = { ...DETAIL, paymentState: 'paid', overpayments: [], items: [] };
const withPayment = (order: OrderDetail, payment: Partial<OrderPayment>): OrderDetail => ({ ...order, payments: [{ ...PAYMENT, ...payment }] });

function renderOrder(role: keyof typeof operators, order: OrderDetail, calls: Partial<BackOfficeOrdersClient> = {}) {
  const detail = vi.fn(() => Promise.resolve(order));
  const view = renderInStudio(<OrdersPage id={7} client={fakeOrdersClient({ detail, ...calls })} />, { operator: operators[role] });
  return { ...view, detail };
}

/** A promise the test settles when it chooses, to see the screen while a call runs. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const dialog = () => screen.getByRole('dialog');
const region = (name: string) => screen.getByRole('region', { name });

describe('a payment’s refunds', () => {
  it('shows what each payment took, what was refunded and what may still be, and the refunded total', async () => {
    renderOrder('viewer', { ...withPayment(ORDER, { refunded: 250, refundable: 1250 }), totals: { ...ORDER.totals, refunded: 250 }, paymentState: 'partially_refunded' });
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(payments.textContent).toContain('$1,500.00');
    expect(payments.textContent).toContain('Refunded $250.00');
    expect(payments.textContent).toContain('Can still be refunded $1,250.00');
    expect(within(region('Totals')).getByText('Refunded').nextElementSibling!.textContent).toBe('−$250.00');
    expect(screen.getAllByText('Partly refunded').length).toBeGreaterThan(0);
  });

  it('lets an editor request a partial refund: amount in dollars, reason, note, one Idempotency-Key, and shows the request', async () => {
    const asked = deferred<OrderDetail>();
    const requestRefund = vi.fn(() => asked.promise);
    renderOrder('editor', ORDER, { requestRefund });
    const open = await screen.findByRole('button', { name: /^Request a refund…/ });
    expect(screen.queryByRole('button', { name: /^Refund…/ })).toBeNull();
    fireEvent.click(open);

    const box = dialog();
    expect(within(box).getByRole('heading', { name: 'Request a refund' })).toBeTruthy();
    const amount = within(box).getByLabelText('Amount to refund') as HTMLInputElement;
    expect(amount.value).toBe('1500.00');
    expect(document.activeElement).toBe(amount);
    // An editor asks; carrying out is a publisher's.
    expect(within(box).queryByRole('button', { name: 'Refund now' })).toBeNull();
    expect(within(box).getByText(/A publisher or an admin carries out the refund/)).toBeTruthy();
    // The reasons are the contract's, in the operator's words.
    expect(within(within(box).getByLabelText('Reason')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose…', 'Requested by the customer', 'Samples or goods returned', 'Order cancelled', 'Paid twice by mistake', 'Paid more than was due', 'Fraudulent payment', 'Other',
    ]);

    fireEvent.change(amount, { target: { value: '250' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Request refund' }));
    // The reason is required, said under it, before anything is sent.
    expect(within(box).getByText('Choose why the money is given back.')).toBeTruthy();
    expect(document.activeElement).toBe(within(box).getByLabelText('Reason'));
    expect(requestRefund).not.toHaveBeenCalled();

    fireEvent.change(within(box).getByLabelText('Reason'), { target: { value: 'returned_goods' } });
    fireEvent.change(within(box).getByLabelText(/Note/), { target: { value: '  Two doors came back  ' } });
    const send = within(box).getByRole('button', { name: 'Request refund' });
    fireEvent.click(send);
    // A double click asks once; the dialog waits and cannot be closed meanwhile.
    fireEvent.click(within(box).getByRole('button', { name: 'Sending…' }));
    fireEvent.keyDown(amount, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBe(box);
    expect(within(box).getByRole('button', { name: 'Sending…' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(box).getByRole('button', { name: 'Cancel' }).getAttribute('aria-disabled')).toBe('true');
    expect(requestRefund).toHaveBeenCalledTimes(1);
    expect(requestRefund).toHaveBeenCalledWith(7, { paymentId: 31, amount: 250, reason: 'returned_goods', note: 'Two doors came back' }, expect.stringMatching(UUID));

    asked.resolve({ ...withPayment(ORDER, { refundable: 1250 }), paymentState: 'refund_requested', refunds: [refund()] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Request a refund…/ })));
    expect(screen.getByText('A refund of $250.00 is requested. It waits under Refunds for a publisher or an admin.')).toBeTruthy();
    const refunds = region('Refunds');
    expect(refunds.textContent).toContain('$250.00');
    expect(refunds.textContent).toContain('Waiting for approval');
    expect(refunds.textContent).toContain('Samples or goods returned');
    expect(refunds.textContent).toContain('Two doors came back');
    expect(refunds.textContent).toContain('eddie@example.com');
    expect(within(refunds).queryByRole('button')).toBeNull();
    expect(screen.getAllByText('Refund requested').length).toBeGreaterThan(0);
    expect(region('Payments').textContent).toContain('Can still be refunded $1,250.00');
  });

  it('opens with focus inside, closes on Escape and gives focus back; a new dialog starts afresh', async () => {
    renderOrder('publisher', ORDER);
    const open = await screen.findByRole('button', { name: /^Refund…/ });
    open.focus();
    fireEvent.click(open);
    const amount = within(dialog()).getByLabelText('Amount to refund') as HTMLInputElement;
    expect(document.activeElement).toBe(amount);
    expect(dialog().getAttribute('aria-labelledby')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '12' } });
    fireEvent.keyDown(amount, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open));
    fireEvent.click(open);
    expect((within(dialog()).getByLabelText('Amount to refund') as HTMLInputElement).value).toBe('1500.00');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets a publisher refund at once ("Refund now"), or only ask ("Request only")', async () => {
    const requestRefund = vi
      .fn()
      .mockResolvedValueOnce({
        ...withPayment(ORDER, { refunded: 100, refundable: 1400 }),
        paymentState: 'partially_refunded',
        refunds: [refund({ id: 42, amount: 100, status: 'succeeded', reason: 'requested_by_customer', reasonLabel: 'Requested by the customer', note: null, providerReference: 're_3Nabc', requestedBy: 'pia@example.com', decidedBy: 'pia@example.com' })],
      })
      .mockResolvedValueOnce({ ...withPayment(ORDER, { refunded: 100, refundable: 1390 }), refunds: [refund({ id: 43, amount: 10, requestedBy: 'pia@example.com' })] });
    renderOrder('publisher', ORDER, { requestRefund });
    fireEvent.click(await screen.findByRole('button', { name: /^Refund…/ }));
    expect(within(dialog()).getByRole('heading', { name: 'Refund a payment' })).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText('Amount to refund'), { target: { value: '$100' } });
    fireEvent.change(within(dialog()).getByLabelText('Reason'), { target: { value: 'requested_by_customer' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Refund now' }));
    // Nothing goes before the confirmation, which names the amount.
    expect(requestRefund).not.toHaveBeenCalled();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Yes, refund $100.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestRefund).toHaveBeenCalledWith(7, { paymentId: 31, amount: 100, reason: 'requested_by_customer', carryOut: true }, expect.stringMatching(UUID));
    expect(screen.getByText('$100.00 was refunded to the customer.')).toBeTruthy();
    const refunds = region('Refunds');
    expect(refunds.textContent).toContain('Refunded');
    expect(refunds.textContent).toContain('re_3Nabc');
    expect(refunds.textContent).toContain('pia@example.com');

    // "Request only" asks without carrying out, with a key of its own dialog.
    fireEvent.click(screen.getByRole('button', { name: /^Refund…/ }));
    fireEvent.change(within(dialog()).getByLabelText('Amount to refund'), { target: { value: '10' } });
    fireEvent.change(within(dialog()).getByLabelText('Reason'), { target: { value: 'other' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Request only' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestRefund).toHaveBeenLastCalledWith(7, { paymentId: 31, amount: 10, reason: 'other' }, expect.stringMatching(UUID));
    const keys = requestRefund.mock.calls.map((c) => c[2]);
    expect(keys[0]).not.toBe(keys[1]);
    expect(within(region('Refunds')).getByRole('button', { name: 'Carry out… the refund of $10.00' })).toBeTruthy();
  });

  it('says a refusal about the amount under the amount, keeps what was typed, and retries with the same key', async () => {
    const requestRefund = vi
      .fn()
      .mockRejectedValueOnce(
        new StudioApiError(409, 'refund_exceeds_payment', 'Only $1,000.00 of this payment can still be refunded.', { amount: 'Only $1,000.00 of this payment can still be refunded.' }),
      )
      .mockResolvedValueOnce({ ...withPayment(ORDER, { refundable: 0 }), refunds: [refund({ amount: 1000 })] });
    const { detail } = renderOrder('editor', ORDER, { requestRefund });
    fireEvent.click(await screen.findByRole('button', { name: /^Request a refund…/ }));
    const box = dialog();
    fireEvent.change(within(box).getByLabelText('Amount to refund'), { target: { value: '1,200.00' } });
    fireEvent.change(within(box).getByLabelText('Reason'), { target: { value: 'duplicate' } });
    fireEvent.change(within(box).getByLabelText(/Note/), { target: { value: 'Charged twice' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Request refund' }));

    const error = await within(box).findByText('Only $1,000.00 of this payment can still be refunded.');
    const amount = within(box).getByLabelText('Amount to refund') as HTMLInputElement;
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toContain(error.closest('.field__error')!.id);
    expect(document.activeElement).toBe(amount);
    // Nothing lost; the order is read again in the background (another refund was made meanwhile).
    expect(amount.value).toBe('1,200.00');
    expect((within(box).getByLabelText('Reason') as HTMLSelectElement).value).toBe('duplicate');
    expect((within(box).getByLabelText(/Note/) as HTMLTextAreaElement).value).toBe('Charged twice');
    await waitFor(() => expect(detail).toHaveBeenCalledTimes(2));

    fireEvent.change(amount, { target: { value: '1000' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Request refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestRefund.mock.calls[1]![1]).toEqual({ paymentId: 31, amount: 1000, reason: 'duplicate', note: 'Charged twice' });
    expect(requestRefund.mock.calls[1]![2]).toBe(requestRefund.mock.calls[0]![2]);
    // Nothing is left to refund: focus goes to the payments' heading.
    expect(screen.queryByRole('button', { name: /^Request a refund…/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Payments' })));
  });

  it('says other refusals in an alert inside the dialog, and checks the amount before asking', async () => {
    const requestRefund = vi.fn().mockRejectedValueOnce(new StudioApiError(502, 'provider_unreachable', 'The stripe gateway did not answer. Nothing is recorded as refunded; carry the refund out again in a minute.'));
    renderOrder('publisher', ORDER, { requestRefund });
    fireEvent.click(await screen.findByRole('button', { name: /^Refund…/ }));
    const box = dialog();
    fireEvent.change(within(box).getByLabelText('Reason'), { target: { value: 'other' } });
    for (const [typed, said] of [
      ['12,5', 'Enter an amount in dollars, like 25 or 25.50.'],
      ['0', 'Enter an amount in dollars, like 25 or 25.50.'],
      ['1500.01', 'Only $1,500.00 of this payment can still be refunded.'],
    ] as const) {
      fireEvent.change(within(box).getByLabelText('Amount to refund'), { target: { value: typed } });
      fireEvent.click(within(box).getByRole('button', { name: 'Refund now' }));
      expect(within(box).getByText(said)).toBeTruthy();
    }
    expect(requestRefund).not.toHaveBeenCalled();
    fireEvent.change(within(box).getByLabelText('Amount to refund'), { target: { value: '1500' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Refund now' }));
    fireEvent.click(within(box).getByRole('button', { name: 'Yes, refund $1,500.00' }));
    expect(await within(box).findByText(/The stripe gateway did not answer/)).toBeTruthy();
    expect(within(box).getByText(/The stripe gateway did not answer/).closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(box);
  });

  it('shows a refund the gateway refused, in its words', async () => {
    const failed = refund({ id: 44, amount: 1500, status: 'failed', reason: 'order_cancelled', reasonLabel: 'Order cancelled', note: null, decidedBy: 'ada@example.com', failureMessage: 'The card account is closed (code 54).' });
    const requestRefund = vi.fn(() => Promise.resolve<OrderDetail>({ ...ORDER, refunds: [failed] }));
    renderOrder('admin', ORDER, { requestRefund });
    fireEvent.click(await screen.findByRole('button', { name: /^Refund…/ }));
    fireEvent.change(within(dialog()).getByLabelText('Reason'), { target: { value: 'order_cancelled' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Refund now' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Yes, refund $1,500.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const said = screen.getByText('The gateway refused the refund of $1,500.00: The card account is closed (code 54). Nothing was given back.');
    expect(said.closest('[role="alert"]')).toBeTruthy();
    const refunds = region('Refunds');
    expect(refunds.textContent).toContain('Refused by the gateway');
    expect(within(refunds).getByText('The gateway said').nextElementSibling!.textContent).toBe('The card account is closed (code 54).');
    // Still refundable: a new try is a new dialog.
    expect(screen.getByRole('button', { name: /^Refund…/ })).toBeTruthy();
  });

  it('voids a payment still waiting for the bank, in full, with no amount to choose', async () => {
    const waiting = { ...withPayment(ORDER, { status: 'pending', refundable: 1500 }), paymentState: 'pending' as const, totals: { ...ORDER.totals, paid: 0 } };
    const requestRefund = vi.fn(() =>
      Promise.resolve<OrderDetail>({
        ...withPayment(waiting, { status: 'voided', refundable: 0 }),
        paymentState: 'unpaid',
        refunds: [refund({ kind: 'void', amount: 1500, status: 'succeeded', reason: 'order_cancelled', reasonLabel: 'Order cancelled', note: null, requestedBy: 'pia@example.com', decidedBy: 'pia@example.com' })],
      }),
    );
    renderOrder('publisher', waiting, { requestRefund });
    expect((await screen.findByRole('region', { name: 'Payments' })).textContent).toContain('Not taken yet: can be voided');
    fireEvent.click(screen.getByRole('button', { name: /^Void…/ }));
    const box = dialog();
    expect(within(box).getByRole('heading', { name: 'Void a payment' })).toBeTruthy();
    expect(within(box).queryByLabelText('Amount to refund')).toBeNull();
    expect(box.textContent).toContain('Voiding cancels all of it ($1,500.00)');
    expect(document.activeElement).toBe(within(box).getByLabelText('Reason'));
    fireEvent.change(within(box).getByLabelText('Reason'), { target: { value: 'order_cancelled' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Void now' }));
    fireEvent.click(within(box).getByRole('button', { name: /^Yes, void / }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestRefund).toHaveBeenCalledWith(7, { paymentId: 31, amount: 1500, reason: 'order_cancelled', carryOut: true }, expect.stringMatching(UUID));
    expect(screen.getByText('The payment of $1,500.00 is voided: the customer is not charged.')).toBeTruthy();
    expect(region('Refunds').textContent).toContain('Voided');
    expect(screen.queryByRole('button', { name: /^Void…/ })).toBeNull();

    // An editor asks for the void.
    cleanup();
    renderOrder('editor', waiting);
    fireEvent.click(await screen.findByRole('button', { name: /^Request a void…/ }));
    expect(within(dialog()).getByRole('button', { name: 'Request void' })).toBeTruthy();
  });

  it('gives a viewer no refund controls', async () => {
    renderOrder('viewer', { ...DETAIL, refunds: [refund(), refund({ id: 40, status: 'processing', amount: 5 })] });
    await screen.findByRole('heading', { level: 1, name: 'Order #100000007' });
    expect(region('Refunds').textContent).toContain('Waiting for approval');
    expect(screen.queryByRole('button', { name: /Refund|refund|Void|Carry out|Turn down|Try again/ })).toBeNull();
    expect(within(region('Overpayments')).getByText('Refund due')).toBeTruthy();
  });
});

describe('a refund request', () => {
  it('is carried out by a publisher, its buttons held while the call runs', async () => {
    const done = deferred<OrderDetail>();
    const carryOutRefund = vi.fn(() => done.promise);
    const requested = { ...withPayment(ORDER, { refundable: 1250 }), paymentState: 'refund_requested' as const, refunds: [refund()] };
    renderOrder('publisher', requested, { carryOutRefund });
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    expect(refunds.textContent).toContain('A request waits for a publisher or an admin');
    // Money goes at once: "Carry out" asks again, naming the amount.
    fireEvent.click(within(refunds).getByRole('button', { name: 'Carry out… the refund of $250.00' }));
    expect(within(refunds).getByRole('group', { name: 'Confirm the refund of $250.00' }).textContent).toContain('Give back $250.00');
    expect(carryOutRefund).not.toHaveBeenCalled();
    const carry = within(refunds).getByRole('button', { name: 'Yes, give back $250.00' });
    fireEvent.click(carry);
    fireEvent.click(carry);
    expect(carryOutRefund).toHaveBeenCalledTimes(1);
    expect(carryOutRefund).toHaveBeenCalledWith(7, 41);
    expect(carry.getAttribute('aria-disabled')).toBe('true');
    expect(within(refunds).getByRole('button', { name: 'Back' }).getAttribute('aria-disabled')).toBe('true');

    done.resolve({
      ...withPayment(ORDER, { refunded: 250, refundable: 1250 }),
      paymentState: 'partially_refunded',
      refunds: [refund({ status: 'pending', providerReference: 're_9Kq', decidedBy: 'pia@example.com' })],
    });
    expect(await screen.findByText('The gateway accepted the refund of $250.00. The bank settles it in the coming days.')).toBeTruthy();
    expect(refunds.textContent).toContain('Accepted, settling');
    expect(refunds.textContent).toContain('re_9Kq');
    expect(within(refunds).getByText('Decided by').nextElementSibling!.textContent).toBe('pia@example.com');
    expect(within(refunds).queryByRole('button')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Refunds' }));
  });

  it('is turned down by a publisher with a comment', async () => {
    const refuseRefund = vi.fn(() => Promise.resolve<OrderDetail>({ ...ORDER, refunds: [refund({ status: 'refused', decidedBy: 'pia@example.com', failureMessage: 'The doors were not returned.' })] }));
    renderOrder('publisher', { ...withPayment(ORDER, { refundable: 1250 }), refunds: [refund()] }, { refuseRefund });
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    const turnDown = within(refunds).getByRole('button', { name: 'Turn down… the refund of $250.00' });
    fireEvent.click(turnDown);
    const why = within(refunds).getByLabelText('Why');
    expect(document.activeElement).toBe(why);
    // Escape puts the buttons back.
    fireEvent.keyDown(why, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(within(refunds).getByRole('button', { name: 'Turn down… the refund of $250.00' })));
    fireEvent.click(within(refunds).getByRole('button', { name: 'Turn down… the refund of $250.00' }));
    fireEvent.click(within(refunds).getByRole('button', { name: 'Turn down the request' }));
    expect(within(refunds).getByText('Write why, for the editor who asked.')).toBeTruthy();
    expect(refuseRefund).not.toHaveBeenCalled();
    fireEvent.change(within(refunds).getByLabelText('Why'), { target: { value: 'The doors were not returned.' } });
    fireEvent.click(within(refunds).getByRole('button', { name: 'Turn down the request' }));
    expect(await screen.findByText('The request for $250.00 was turned down.')).toBeTruthy();
    expect(refuseRefund).toHaveBeenCalledWith(7, 41, 'The doors were not returned.');
    expect(refunds.textContent).toContain('Turned down');
    expect(within(refunds).getByText('Why it was turned down').nextElementSibling!.textContent).toBe('The doors were not returned.');
  });

  it('says when another operator decided it first, and reads the order again', async () => {
    const carryOutRefund = vi.fn(() => Promise.reject(new StudioApiError(409, 'refund_decided', 'This refund was carried out already.')));
    const { detail } = renderOrder('admin', { ...ORDER, refunds: [refund()] }, { carryOutRefund });
    fireEvent.click(await screen.findByRole('button', { name: 'Carry out… the refund of $250.00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, give back $250.00' }));
    expect(await screen.findByText('This refund was carried out already.')).toBeTruthy();
    await waitFor(() => expect(detail).toHaveBeenCalledTimes(2));
  });
});

describe('an overpayment', () => {
  it('is refunded in one step by a publisher, asking once across a retry', async () => {
    const refundOverpayment = vi
      .fn()
      .mockRejectedValueOnce(new StudioApiError(502, 'provider_unreachable', 'The stripe gateway did not answer. Nothing is recorded as refunded; carry the refund out again in a minute.'))
      .mockResolvedValueOnce({
        ...withPayment(DETAIL, { refunded: 18.02, refundable: 1481.98 }),
        paymentState: 'partially_refunded',
        overpayments: [{ ...DETAIL.overpayments[0]!, refundedAt: '2026-03-05T10:00:00.000Z' }],
        refunds: [refund({ amount: 18.02, status: 'succeeded', reason: 'overpayment', reasonLabel: 'Paid more than was due', note: null, requestedBy: 'pia@example.com', decidedBy: 'pia@example.com', providerReference: 're_over', overpaymentId: 5 })],
      });
    renderOrder('publisher', DETAIL, { refundOverpayment });
    const overpayments = await screen.findByRole('region', { name: 'Overpayments' });
    expect(within(overpayments).getByRole('button', { name: 'Mark refunded outside Showroom ($18.02)' })).toBeTruthy();
    fireEvent.click(within(overpayments).getByRole('button', { name: 'Refund $18.02 now' }));
    expect(refundOverpayment).not.toHaveBeenCalled();
    const yes = within(overpayments).getByRole('button', { name: 'Yes, refund $18.02' });
    expect(document.activeElement).toBe(yes);
    fireEvent.click(yes);
    expect(await within(overpayments).findByText(/The stripe gateway did not answer/)).toBeTruthy();
    fireEvent.click(within(overpayments).getByRole('button', { name: 'Yes, refund $18.02' }));
    expect(await screen.findByText('$18.02 was refunded to the customer.')).toBeTruthy();
    expect(refundOverpayment).toHaveBeenCalledTimes(2);
    expect(refundOverpayment.mock.calls[0]![0]).toBe(7);
    expect(refundOverpayment.mock.calls[0]![1]).toBe(5);
    expect(refundOverpayment.mock.calls[0]![2]).toMatch(UUID);
    expect(refundOverpayment.mock.calls[1]![2]).toBe(refundOverpayment.mock.calls[0]![2]);
    expect(within(overpayments).getByText('Refunded')).toBeTruthy();
    expect(within(overpayments).queryByRole('button')).toBeNull();
  });

  it('shows a refund of it already asked for instead of offering another', async () => {
    renderOrder('publisher', { ...DETAIL, refunds: [refund({ amount: 18.02, reason: 'overpayment', reasonLabel: 'Paid more than was due', overpaymentId: 5 })] });
    const overpayments = await screen.findByRole('region', { name: 'Overpayments' });
    expect(overpayments.textContent).toContain('Refund requested');
    expect(within(overpayments).queryByRole('button')).toBeNull();
  });
});

describe('the orders list', () => {
  it('names the refund states in its badges and its payment filter', async () => {
    visit('/studio/orders');
    const list = vi.fn(() => Promise.resolve(page([row(3, { paymentState: 'refund_requested' }), row(2, { paymentState: 'partially_refunded' }), row(1, { paymentState: 'refunded' })])));
    renderInStudio(<OrdersPage id={null} client={fakeOrdersClient({ list })} />, { operator: operators.viewer });
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getAllByText(/refund/i)[0]!.textContent)).toEqual(['Refund requested', 'Partly refunded', 'Refunded']);
    const options = within(screen.getByLabelText('Payment')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['Refund due', 'Refund requested', 'Partly refunded', 'Refunded']));
    fireEvent.change(screen.getByLabelText('Payment'), { target: { value: 'partially_refunded' } });
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ payment: 'partially_refunded' }, expect.anything()));
  });

  it('gives admins, and only them, the payments export of a date range (the last 30 days to start with)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-05T15:00:00Z'));
    visit('/studio/orders');
    const list = vi.fn(() => Promise.resolve(page([row(1)])));
    renderInStudio(<OrdersPage id={null} client={fakeOrdersClient({ list })} />, { operator: operators.admin });
    await screen.findAllByRole('row');
    const toggle = screen.getByRole('button', { name: 'Export payments' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const link = screen.getByRole('link', { name: 'Download the CSV' });
    expect(link.getAttribute('href')).toBe('/api/studio/payments/export?from=2026-02-04&to=2026-03-05');
    expect(link.hasAttribute('download')).toBe(true);
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-01-31' } });
    expect(screen.getByRole('link', { name: 'Download the CSV' }).getAttribute('href')).toBe('/api/studio/payments/export?from=2026-01-01&to=2026-01-31');
    // A range the server would refuse gives no link, and says why at the field.
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-02-10' } });
    expect(screen.getByText('The last day is before the first day.')).toBeTruthy();
    expect(screen.getByLabelText('Last day').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Download the CSV' })).toBeNull();

    for (const role of ['viewer', 'editor', 'publisher'] as const) {
      cleanup();
      renderInStudio(<OrdersPage id={null} client={fakeOrdersClient({ list })} />, { operator: operators[role] });
      await screen.findAllByRole('row');
      expect(screen.queryByRole('button', { name: 'Export payments' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Download the CSV' })).toBeNull();
    }
  });
});

describe('an amount typed in dollars', () => {
  it('is read with or without a dollar sign and thousands commas, never guessed', () => {
    expect(parseDollars('25')).toBe(25);
    expect(parseDollars(' $1,250.5 ')).toBe(1250.5);
    expect(parseDollars('0.01')).toBe(0.01);
    for (const wrong of ['12,5', '1.234', '1,25', '', 'abc', '-5', '1e3']) expect(parseDollars(wrong)).toBeNull();
  });
});
