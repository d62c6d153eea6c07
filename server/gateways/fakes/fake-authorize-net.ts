/**
 * A local Authorize.net for tests. Authorize.net publishes no OpenAPI document; its JSON API
 * mirrors its XML schema (AnetApiSchema.xsd) and refuses elements out of schema order, unknown
 * elements and missing required ones. This fake checks exactly that for the two requests we send
 * (createTransactionRequest and getTransactionDetailsRequest), with the schema's order, required
 * elements and lengths written out below; a violation is answered with E00003 as Authorize.net does
 * and recorded in `violations`. Answers start with a byte order mark, like the real ones.
 */
import crypto from 'node:crypto';
import { startFakeServer, type FakeRequest, type FakeResponse, type FakeServer } from './fake-server';

type Json = Record<string, unknown>;

interface ElementRule {
  /** Child elements in schema order. */
  order: string[];
  required?: string[];
  maxLength?: Record<string, number>;
  /** Exactly one of these (an xs:choice). */
  choice?: string[];
  children?: Record<string, ElementRule>;
  pattern?: Record<string, RegExp>;
}

const MERCHANT_AUTHENTICATION: ElementRule = {
  order: ['name', 'transactionKey', 'sessionToken', 'password', 'impersonationAuthentication', 'fingerPrint', 'clientKey', 'accessToken', 'mobileDeviceId'],
  required: ['name'],
  maxLength: { name: 25, transactionKey: 16 },
};

const NAME_AND_ADDRESS = ['firstName', 'lastName', 'company', 'address', 'city', 'state', 'zip', 'country'];
const ADDRESS_LENGTHS = { firstName: 50, lastName: 50, company: 50, address: 60, city: 40, state: 40, zip: 20, country: 60, phoneNumber: 25, faxNumber: 25, email: 255 };

/** transactionRequestType of AnetApiSchema.xsd, in its sequence order. */
const TRANSACTION_REQUEST: ElementRule = {
  order: [
    'transactionType', 'amount', 'currencyCode', 'payment', 'profile', 'solution', 'callId', 'terminalNumber', 'authCode', 'refTransId',
    'splitTenderId', 'order', 'lineItems', 'tax', 'duty', 'shipping', 'taxExempt', 'poNumber', 'customer', 'billTo', 'shipTo', 'customerIP',
    'cardholderAuthentication', 'retail', 'employeeId', 'transactionSettings', 'userFields', 'surcharge', 'merchantDescriptor', 'subMerchant',
    'tip', 'processingOptions', 'subsequentAuthInformation', 'otherTax', 'shipFrom', 'authorizationIndicatorType',
  ],
  required: ['transactionType'],
  pattern: { amount: /^\d{1,15}(\.\d{1,4})?$/, transactionType: /^(authCaptureTransaction|authOnlyTransaction|priorAuthCaptureTransaction|refundTransaction|voidTransaction)$/ },
  children: {
    payment: {
      order: ['creditCard', 'bankAccount', 'trackData', 'encryptedTrackData', 'payPal', 'opaqueData', 'emv'],
      choice: ['creditCard', 'bankAccount', 'trackData', 'encryptedTrackData', 'payPal', 'opaqueData', 'emv'],
      children: { opaqueData: { order: ['dataDescriptor', 'dataValue', 'dataKey'], required: ['dataDescriptor', 'dataValue'] } },
    },
    order: { order: ['invoiceNumber', 'description', 'discountAmount', 'taxIsAfterDiscount', 'totalTaxTypeCode', 'purchaserVATRegistrationNumber'], maxLength: { invoiceNumber: 20, description: 255 } },
    customer: { order: ['type', 'id', 'email'], maxLength: { id: 20, email: 255 } },
    billTo: { order: [...NAME_AND_ADDRESS, 'phoneNumber', 'faxNumber', 'email'], maxLength: ADDRESS_LENGTHS },
    shipTo: { order: NAME_AND_ADDRESS, maxLength: ADDRESS_LENGTHS },
    userFields: { order: ['userField'], required: ['userField'] },
  },
};

const REQUESTS: Record<string, ElementRule> = {
  createTransactionRequest: {
    order: ['merchantAuthentication', 'clientId', 'refId', 'transactionRequest'],
    required: ['merchantAuthentication', 'transactionRequest'],
    maxLength: { refId: 20 },
    children: { merchantAuthentication: MERCHANT_AUTHENTICATION, transactionRequest: TRANSACTION_REQUEST },
  },
  getTransactionDetailsRequest: {
    order: ['merchantAuthentication', 'clientId', 'refId', 'transId'],
    required: ['merchantAuthentication', 'transId'],
    pattern: { transId: /^\d+$/ },
    children: { merchantAuthentication: MERCHANT_AUTHENTICATION },
  },
};

function checkElement(value: unknown, rule: ElementRule, where: string, problems: string[]): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`${where} must be an element with children`);
    return;
  }
  const keys = Object.keys(value);
  let last = -1;
  for (const key of keys) {
    const index = rule.order.indexOf(key);
    if (index === -1) problems.push(`${where}: element '${key}' is not allowed here`);
    else if (index < last) problems.push(`${where}: element '${key}' is out of order (expected after '${rule.order[last]}' to come later)`);
    else last = index;
  }
  for (const key of rule.required ?? []) if (!(key in value)) problems.push(`${where}: required element '${key}' is missing`);
  if (rule.choice && keys.filter((k) => rule.choice!.includes(k)).length !== 1) problems.push(`${where}: exactly one of ${rule.choice.join(', ')} is required`);
  for (const [key, child] of Object.entries(value as Json)) {
    const max = rule.maxLength?.[key];
    if (max !== undefined && typeof child === 'string' && child.length > max) problems.push(`${where}.${key} is longer than ${max}`);
    const pattern = rule.pattern?.[key];
    if (pattern && (typeof child !== 'string' || !pattern.test(child))) problems.push(`${where}.${key} has an invalid value`);
    const sub = rule.children?.[key];
    if (sub) checkElement(child, sub, `${where}.${key}`, problems);
  }
}

function answer(body: Json): FakeResponse {
  return { status: 200, text: `\uFEFF${JSON.stringify(body)}`, headers: { 'Content-Type': 'application/json; charset=utf-8' } };
}

function error(code: string, text: string): FakeResponse {
  return answer({ messages: { resultCode: 'Error', message: [{ code, text }] } });
}

const RESPONSE_TEXT: Record<string, { code: string; text: string; error?: boolean }> = {
  '1': { code: '1', text: 'This transaction has been approved.' },
  '2': { code: '2', text: 'This transaction has been declined.', error: true },
  '3': { code: '6', text: 'The credit card number is invalid.', error: true },
  '4': { code: '252', text: 'Your order has been received. Thank you for your business!' },
};

export interface FakeAuthorizeNet extends FakeServer {
  transactions: Map<string, Json>;
  /** The response code the next transaction gets (1 approved, 2 declined, 3 error, 4 held for review); default 1. */
  nextResponseCode(code: '1' | '2' | '3' | '4'): void;
  /** X-ANET-Signature for a webhook body. */
  sign(body: string, signatureKey: string): string;
}

export async function startFakeAuthorizeNet(options: { loginId: string; transactionKey: string }): Promise<FakeAuthorizeNet> {
  const transactions = new Map<string, Json>();
  let next: '1' | '2' | '3' | '4' = '1';
  let counter = 60_000_000_000;

  const handle = (req: FakeRequest, violations: string[]): FakeResponse => {
    if (req.method !== 'POST') return { status: 405 };
    if (!String(req.headers['content-type']).startsWith('application/json')) violations.push(`content type ${String(req.headers['content-type'])} is not JSON`);
    let body: Json;
    try {
      body = JSON.parse(req.body) as Json;
    } catch {
      violations.push('the body is not JSON');
      return error('E00003', 'The request body is not valid JSON.');
    }
    const names = Object.keys(body);
    const name = names[0];
    if (names.length !== 1 || !name || !REQUESTS[name]) {
      violations.push(`unknown request ${names.join(', ')}`);
      return error('E00003', `The element '${names.join(', ')}' is not a known request.`);
    }
    const problems: string[] = [];
    checkElement(body[name], REQUESTS[name], name, problems);
    if (problems.length) {
      violations.push(...problems);
      return error('E00003', problems.join('; '));
    }
    const request = body[name] as Json;
    const auth = request.merchantAuthentication as Json;
    if (auth.name !== options.loginId || auth.transactionKey !== options.transactionKey) {
      return error('E00007', 'User authentication failed due to invalid authentication values.');
    }

    if (name === 'getTransactionDetailsRequest') {
      const found = transactions.get(String(request.transId));
      if (!found) return error('E00040', 'The record cannot be found.');
      return answer({ transaction: found, messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] } });
    }

    const tr = request.transactionRequest as Json;
    const code = next;
    next = '1';
    const transId = String(++counter);
    const text = RESPONSE_TEXT[code]!;
    const userFields = ((tr.userFields as Json | undefined)?.userField as Json[] | undefined) ?? [];
    transactions.set(transId, {
      transId,
      submitTimeUTC: new Date().toISOString(),
      transactionType: tr.transactionType,
      transactionStatus: code === '1' ? 'capturedPendingSettlement' : code === '4' ? 'FDSPendingReview' : 'declined',
      responseCode: Number(code),
      responseReasonCode: Number(text.code),
      responseReasonDescription: text.text,
      authCode: code === '1' || code === '4' ? 'ABC123' : '000000',
      authAmount: Number(tr.amount),
      settleAmount: code === '1' ? Number(tr.amount) : 0,
      ...(tr.order ? { order: tr.order } : {}),
      payment: { creditCard: { cardNumber: 'XXXX1111', expirationDate: 'XXXX', cardType: 'Visa' } },
      ...(tr.customer ? { customer: tr.customer } : {}),
      ...(tr.billTo ? { billTo: tr.billTo } : {}),
      ...(userFields.length ? { userFields: { userField: userFields } } : {}),
    });
    const transactionResponse: Json = {
      responseCode: code,
      authCode: code === '1' || code === '4' ? 'ABC123' : '',
      avsResultCode: 'Y',
      cvvResultCode: 'P',
      cavvResultCode: '2',
      transId,
      refTransID: '',
      transHash: '',
      testRequest: '0',
      accountNumber: 'XXXX1111',
      accountType: 'Visa',
      ...(text.error ? { errors: [{ errorCode: text.code, errorText: text.text }] } : { messages: [{ code: text.code, description: text.text }] }),
      ...(userFields.length ? { userFields } : {}),
      transHashSha2: '',
      SupplementalDataQualificationIndicator: 0,
    };
    return answer({
      transactionResponse,
      ...(request.refId ? { refId: request.refId } : {}),
      messages: text.error ? { resultCode: 'Error', message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }] } : { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] },
    });
  };

  const server = await startFakeServer(handle);
  return {
    ...server,
    transactions,
    nextResponseCode(code) {
      next = code;
    },
    sign(body, signatureKey) {
      return `sha512=${crypto.createHmac('sha512', signatureKey).update(body).digest('hex').toUpperCase()}`;
    },
  };
}
