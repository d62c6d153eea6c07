// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api-client';
import { fillCard, json, NEXT_YEAR, orderTarget, payer, stubFetch } from '../CardFieldsTestKit';
import type { GatewayEntryProps, OfferedPaymentMethod, PaymentOutcome, PaymentTarget } from '../payment-types';
import { ACCEPT_JS_LOAD_FAILED, resetAcceptJsLoads, type AcceptJs, type AcceptResponse } from './accept-js';
import { AcceptJsEntry } from './AcceptJsEntry';

const ACCEPT_URL = 'https://jstest.authorize.net/v1/Accept.js';
const method: OfferedPaymentMethod = {
  name: 'authorizenet',
  title: 'Card (Authorize.net)',
  enabled: true,
  gateway: 'authorizenet',
  configured: true,
  config: { acceptJsUrl: ACCEPT_URL, clientKey: 'public-client-key', loginId: 'api-login' },
};
const CARD = { cardNumber: '4111111111111111', expMonth: '07', expYear: NEXT_YEAR, cardCode: '987' };
const OK: AcceptResponse = {
  opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'eyJub25jZSI6ImZha2UifQ==' },
  messages: { resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] },
};

let outcomes: PaymentOutcome[];
let prepare: ReturnType<typeof vi.fn<() => Promise<PaymentTarget | null>>>;
let dispatched: Array<Parameters<AcceptJs['dispatchData']>[0]>;

/** A stand-in for Accept.js on window, answering each dispatch with the next response. */
function fakeAccept(...responses: AcceptResponse[]): AcceptJs {
  const accept: AcceptJs = {
    dispatchData(secureData, callback) {
      dispatched.push(secureData);
      const response = responses.shift()!;
      setTimeout(() => callback(response), 0);
    },
  };
  window.Accept = accept;
  return accept;
}

function show(props: Partial<GatewayEntryProps> = {}) {
  return render(
    <AcceptJsEntry
      api={createApiClient('http://shop.test')}
      method={method}
      submitLabel="Place Order"
      prepare={prepare}
      onOutcome={(o) => outcomes.push(o)}
      returnUrl="http://shop.test/payment/verify/authorizenet"
      {...props}
    />,
  );
}
const acceptScripts = () => document.querySelectorAll(`script[src="${ACCEPT_URL}"]`);
const payButton = () => screen.getByRole('button', { name: /Place Order|Processing/ }) as HTMLButtonElement;

beforeEach(() => {
  outcomes = [];
  dispatched = [];
  prepare = vi.fn(async () => orderTarget);
  delete window.Accept;
  resetAcceptJsLoads();
  document.head.innerHTML = '';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Accept.js loading', () => {
  it('adds one script tag for the configured URL, waits for it, then takes the card', async () => {
    show();
    show();
    expect(acceptScripts()).toHaveLength(1);
    expect(screen.getAllByText('Loading secure card entry…')).toHaveLength(2);
    expect(screen.getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    fakeAccept();
    acceptScripts()[0]!.dispatchEvent(new Event('load'));
    await waitFor(() => expect(screen.queryByText('Loading secure card entry…')).toBeNull());
    expect(screen.getAllByRole('button').every((b) => !(b as HTMLButtonElement).disabled)).toBe(true);
  });

  it('says so when the script cannot load, and tries again on the next entry', async () => {
    show();
    acceptScripts()[0]!.dispatchEvent(new Event('error'));
    expect(await screen.findByText(ACCEPT_JS_LOAD_FAILED)).toBeTruthy();
    expect(acceptScripts()).toHaveLength(0);
    cleanup();
    show();
    expect(acceptScripts()).toHaveLength(1);
  });

  it("says 'Payment method not available' without its keys, and loads nothing", () => {
    show({ method: { ...method, configured: false } });
    expect(screen.getByRole('alert').textContent).toBe('Payment method not available');
    cleanup();
    show({ method: { ...method, config: { acceptJsUrl: ACCEPT_URL } } });
    expect(screen.getByRole('alert').textContent).toBe('Payment method not available');
    expect(acceptScripts()).toHaveLength(0);
  });
});

describe('paying through Accept.js', () => {
  it('tokenises in the browser and sends the store only the opaque data, with the proof and the payer', async () => {
    fakeAccept(OK);
    const { calls } = stubFetch(
      json(200, { status: 200, success: true, message: 'This transaction has been approved.', paymentStatus: 'completed', transactionId: '60000000001', transactionResponse: { amount: 57.25 } }),
    );
    show();
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fillCard(CARD);
    fireEvent.click(payButton());
    await waitFor(() => expect(outcomes).toHaveLength(1));

    expect(dispatched).toEqual([
      { authData: { clientKey: 'public-client-key', apiLoginID: 'api-login' }, cardData: { cardNumber: '4111111111111111', month: '07', year: NEXT_YEAR, cardCode: '987' } },
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('http://shop.test/api/payment/authorize-net/process-transaction');
    expect(calls[0]!.headers.Authorization).toBe('Bearer order-token-41');
    expect(calls[0]!.body).toEqual({
      dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT',
      dataValue: 'eyJub25jZSI6ImZha2UifQ==',
      metadata: { orderId: 41 },
      additionalData: { email: payer.email, billTo: { firstName: 'Ada', lastName: 'Lovelace' }, orderId: 41 },
    });
    // Card data never reaches the store: not the number, the CVV or the expiry.
    for (const call of calls) {
      const sent = JSON.stringify(call.body);
      expect(sent).not.toContain('4111111111111111');
      expect(sent).not.toContain('1111');
      expect(sent).not.toContain('987');
      expect(sent).not.toMatch(/cardNumber|cardCode|expMonth|expYear/);
    }
    expect(outcomes).toEqual([{ kind: 'paid', payment: { transactionId: '60000000001', method: 'authorizenet', gateway: 'authorizenet', status: 'completed', amount: 57.25 } }]);
  });

  it('proves a quote by its link token and passes the billing address', async () => {
    const address = { street1: '1 Main St', city: 'Austin', state: 'TX', zipCode: '73301', countryId: 'US' };
    prepare.mockResolvedValue({ kind: 'quote', quoteId: 9, token: 'quote-link', amount: 300, payer: { ...payer, address, phone: '5125550100' } });
    fakeAccept(OK);
    const { calls } = stubFetch(json(200, { status: 200, success: true, paymentStatus: 'on_hold', transactionId: '60000000002', transactionResponse: { amount: 300 } }));
    show({ submitLabel: 'Pay Now' });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Pay Now' }) as HTMLButtonElement).disabled).toBe(false));
    fillCard(CARD);
    fireEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(outcomes).toHaveLength(1));
    expect(calls[0]!.headers.Authorization).toBe('Bearer quote-link');
    expect(calls[0]!.body).toMatchObject({ amount: 300, metadata: { quoteId: 9 }, additionalData: { quoteId: 9, billTo: { firstName: 'Ada', lastName: 'Lovelace', ...address, phone: '5125550100' } } });
    expect(outcomes[0]).toMatchObject({ kind: 'paid', payment: { status: 'on_hold' } });
  });

  it("shows Authorize.net's refusal joined, marks the field, and asks the store nothing", async () => {
    fakeAccept(
      { messages: { resultCode: 'Error', message: [{ code: 'E_WC_05', text: 'Please provide valid credit card number.' }, { code: 'E_WC_15', text: 'Please provide valid CVV.' }] } },
      { messages: { resultCode: 'Error', message: [] } },
    );
    const { fetchMock } = stubFetch();
    show();
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fillCard(CARD);
    fireEvent.click(payButton());
    await waitFor(() => expect(outcomes).toHaveLength(1));
    expect(outcomes[0]).toEqual({ kind: 'failed', message: 'Please provide valid credit card number. Please provide valid CVV.' });
    const number = screen.getByLabelText('Card number');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(number.getAttribute('aria-describedby')!)!.textContent).toBe('Card number is invalid');
    expect(document.getElementById(screen.getByLabelText('CVV').getAttribute('aria-describedby')!)!.textContent).toBe('CVV is invalid');
    fireEvent.click(payButton());
    await waitFor(() => expect(outcomes).toHaveLength(2));
    expect(outcomes[1]).toEqual({ kind: 'failed', message: 'Payment Error' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reports the store's decline in its words", async () => {
    fakeAccept(OK);
    stubFetch(json(402, { error: 'payment_declined', message: 'This transaction has been declined.', status: 402, success: false, paymentStatus: 'failed' }));
    show();
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fillCard(CARD);
    fireEvent.click(payButton());
    await waitFor(() => expect(outcomes).toEqual([{ kind: 'failed', message: 'This transaction has been declined.' }]));
  });

  it('checks the card with the catalogue before Accept.js sees it', async () => {
    fakeAccept(OK);
    stubFetch();
    show();
    await waitFor(() => expect(payButton().disabled).toBe(false));
    fireEvent.click(payButton());
    expect(screen.getByText('Card number is required')).toBeTruthy();
    expect(dispatched).toEqual([]);
    expect(prepare).not.toHaveBeenCalled();
  });
});
