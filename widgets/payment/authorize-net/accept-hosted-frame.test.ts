/**
 * Authorize.net's messages as the payment page reads them: its query strings with the response's
 * JSON sent as is (as in Authorize.net's documentation) or percent-encoded, the form's height kept
 * within what a page can show, and anything else (a transId of 0, which Authorize.net gives a
 * transaction it did not make, text that is not one of its actions) read as nothing.
 */
import { describe, expect, it } from 'vitest';
import { parseHostedFormMessage } from './accept-hosted-frame';

describe('Authorize.net\'s messages to the payment page', () => {
  it('reads the transaction a transactResponse names, its JSON sent as is or percent-encoded', () => {
    const response = { accountType: 'Visa', accountNumber: 'XXXX1111', transId: '2155590169', responseCode: '1', billTo: { company: 'G & S Questions Inc.' }, totalAmount: '62.88' };
    expect(parseHostedFormMessage(`action=transactResponse&response=${JSON.stringify(response)}`)).toEqual({ action: 'transactResponse', transId: '2155590169' });
    expect(parseHostedFormMessage(`action=transactResponse&response=${encodeURIComponent(JSON.stringify(response))}`)).toEqual({ action: 'transactResponse', transId: '2155590169' });
    for (const transId of ['0', 'abc', '1'.repeat(21), undefined]) {
      expect(parseHostedFormMessage(`action=transactResponse&response=${JSON.stringify({ transId })}`), String(transId)).toBeNull();
    }
    expect(parseHostedFormMessage('action=transactResponse&response={not json')).toBeNull();
  });

  it('reads a resize within 200 and 3000 px, a cancel, a save, and nothing else', () => {
    expect(parseHostedFormMessage('action=resizeWindow&width=698&height=697.2')).toEqual({ action: 'resizeWindow', height: 698 });
    expect(parseHostedFormMessage('action=resizeWindow&width=698&height=12')).toEqual({ action: 'resizeWindow', height: 200 });
    expect(parseHostedFormMessage('action=resizeWindow&width=698&height=99999')).toEqual({ action: 'resizeWindow', height: 3000 });
    expect(parseHostedFormMessage('action=resizeWindow&width=698')).toBeNull();
    expect(parseHostedFormMessage('action=cancel')).toEqual({ action: 'cancel' });
    expect(parseHostedFormMessage('action=successfulSave')).toEqual({ action: 'successfulSave' });
    for (const data of ['action=pay', 'hello', '', { action: 'cancel' }, null]) expect(parseHostedFormMessage(data)).toBeNull();
  });
});
