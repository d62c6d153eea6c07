/**
 * The Accept.js stand-in of the browser tests (e2e/stand-ins/accept-js.js) against the real route
 * and the fake Authorize.net: the opaque data it makes for a good card is charged, and its refusals
 * have Authorize.net's published shape. So the whole Accept.js path can run in Chromium.
 *
 * @engines sqlite: a route test with a scripted orders room.
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../build-output';
import { startPaymentsTestApp, type PaymentsTestApp } from './payments-test-app';

interface AcceptResponse {
  opaqueData?: { dataDescriptor: string; dataValue: string };
  messages: { resultCode: string; message: Array<{ code: string; text: string }> };
}

/** The stand-in evaluated as a browser would run it, in a window of its own. */
function loadStandIn(): (secureData: unknown) => Promise<AcceptResponse> {
  const window: Record<string, any> = { crypto: globalThis.crypto, btoa: globalThis.btoa };
  vm.runInNewContext(fs.readFileSync(path.join(projectRoot, 'e2e', 'stand-ins', 'accept-js.js'), 'utf8'), { window, setTimeout, Uint8Array, JSON, Date, Number, String, Array });
  return (secureData) => new Promise((resolve) => window.Accept.dispatchData(secureData, resolve));
}

const authData = { clientKey: 'anet-client', apiLoginID: 'anet-login' };
const year = String(new Date().getFullYear() + 1);

let app: PaymentsTestApp;
beforeAll(async () => {
  app = await startPaymentsTestApp();
});
afterAll(() => app.stop());

describe('the Accept.js stand-in', () => {
  it('tokenises a good card into opaque data that the route and the fake Authorize.net charge', async () => {
    const dispatch = loadStandIn();
    const response = await dispatch({ authData, cardData: { cardNumber: '4111111111111111', month: '12', year, cardCode: '123' } });
    expect(response.messages).toEqual({ resultCode: 'Ok', message: [{ code: 'I_WC_01', text: 'Successful.' }] });
    expect(response.opaqueData!.dataDescriptor).toBe('COMMON.ACCEPT.INAPP.PAYMENT');
    expect(response.opaqueData!.dataValue).not.toContain('4111');
    // The body AcceptJsEntry sends.
    const res = await fetch(`${app.url}/api/payment/authorize-net/process-transaction`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...response.opaqueData, metadata: { orderId: 7 }, additionalData: { email: 'ada@example.com', billTo: { firstName: 'Ada', lastName: 'Lovelace' }, orderId: 7 } }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, paymentStatus: 'completed', transactionResponse: { responseCode: '1', amount: 42.5 } });
    expect(app.anet.violations).toEqual([]);
    const sent = JSON.parse(app.anet.requests.at(-1)!.body).createTransactionRequest.transactionRequest;
    expect(sent.payment).toEqual({ opaqueData: response.opaqueData });
  });

  it("refuses bad cards with Authorize.net's E_WC codes, the first problem only", async () => {
    const dispatch = loadStandIn();
    const refusal = async (cardData: Record<string, string>) => (await dispatch({ authData, cardData })).messages;
    expect(await refusal({ cardNumber: '4111111111111112', month: '12', year, cardCode: '123' })).toEqual({ resultCode: 'Error', message: [{ code: 'E_WC_05', text: 'Please provide valid credit card number.' }] });
    expect((await refusal({ cardNumber: '4111111111111111', month: '13', year, cardCode: 'x' })).message).toEqual([{ code: 'E_WC_06', text: 'Please provide valid expiration month.' }]);
    expect((await refusal({ cardNumber: '4111111111111111', month: '12', year: '20', cardCode: '123' })).message[0]!.code).toBe('E_WC_08');
    expect((await refusal({ cardNumber: '4111111111111111', month: '12', year: '2x', cardCode: '123' })).message[0]!.code).toBe('E_WC_07');
    expect((await refusal({ cardNumber: '4111111111111111', month: '12', year, cardCode: '12345' })).message).toEqual([{ code: 'E_WC_15', text: 'Please provide valid CVV.' }]);
    expect((await dispatch({ authData: {}, cardData: {} })).messages.message[0]!.code).toBe('E_WC_10');
  });
});
