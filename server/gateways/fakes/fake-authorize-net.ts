/**
 * A local Authorize.net for tests. Authorize.net publishes no OpenAPI document; its JSON API
 * mirrors its XML schema (AnetApiSchema.xsd) and refuses elements out of schema order, unknown
 * elements and missing required ones. This fake checks exactly that for the two requests we send
 * (createTransactionRequest and getTransactionDetailsRequest), with the schema's order, required
 * elements and lengths written out below; a violation is answered with E00003 as Authorize.net does
 * and recorded in `violations`. Answers start with a byte order mark, like the real ones.
 *
 * Refunds and voids follow Authorize.net's published response reason codes: a refundTransaction of
 * a transaction not settled yet is error 54 ("The referenced transaction does not meet the criteria
 * for issuing a credit.", as is one whose card's last four digits do not match), more than is left is
 * error 55, and a transaction settles only when a test says so (`settle(transId)`, Authorize.net's
 * nightly batch). voidTransaction voids an unsettled transaction (reason 310 when it already is).
 * Authorize.net keeps no idempotency key (refId is only echoed): it refuses a duplicate instead,
 * the same card, amount, invoice number and type within the duplicate window (2 minutes, or the
 * request's duplicateWindow setting), as error 11; with the setting sent, the answer names the
 * first transaction's transId (and authCode when it was approved). The fake does so for refunds.
 *
 * Accept Hosted: getHostedPaymentPageRequest answers a form token valid 15 minutes; the browser
 * POSTs it as `token` to the fake's /payment/payment (Authorize.net's accept.authorize.net/payment/payment),
 * a minimal card form whose Pay makes the authCaptureTransaction the token describes (the amount,
 * invoice number and userFields the store sent, nothing the browser says) and then redirects to
 * hostedPaymentReturnOptions.url with nothing added, as Authorize.net does with showReceipt false;
 * Cancel goes to its cancelUrl. getUnsettledTransactionListRequest lists the transactions not settled.
 * With hostedPaymentIFrameCommunicatorUrl set (the form shown in a frame of the store's page), each
 * page of the form frames that communicator, hidden, and posts it Authorize.net's messages as query
 * strings: `action=resizeWindow&width=…&height=…` once shown, `action=cancel` for Cancel, and after
 * Pay, instead of the redirect, `action=transactResponse&response=` and the transaction's JSON
 * (transId, responseCode, accountNumber, totalAmount, orderInvoiceNumber ...).
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
  pattern: { amount: /^\d{1,15}(\.\d{1,4})?$/, refTransId: /^\d{1,20}$/, transactionType: /^(authCaptureTransaction|authOnlyTransaction|priorAuthCaptureTransaction|refundTransaction|voidTransaction)$/ },
  children: {
    payment: {
      order: ['creditCard', 'bankAccount', 'trackData', 'encryptedTrackData', 'payPal', 'opaqueData', 'emv'],
      choice: ['creditCard', 'bankAccount', 'trackData', 'encryptedTrackData', 'payPal', 'opaqueData', 'emv'],
      children: {
        opaqueData: { order: ['dataDescriptor', 'dataValue', 'dataKey'], required: ['dataDescriptor', 'dataValue'] },
        // creditCardType: creditCardSimpleType (cardNumber 4-16, expirationDate 4-7; a refund sends the last four digits and XXXX) and its extensions.
        creditCard: {
          order: ['cardNumber', 'expirationDate', 'cardCode', 'isPaymentToken', 'cryptogram', 'tokenRequestorName', 'tokenRequestorId', 'tokenRequestorEci'],
          required: ['cardNumber', 'expirationDate'],
          pattern: { cardNumber: /^[\dX]{4,16}$/, expirationDate: /^.{4,7}$/ },
        },
      },
    },
    order: { order: ['invoiceNumber', 'description', 'discountAmount', 'taxIsAfterDiscount', 'totalTaxTypeCode', 'purchaserVATRegistrationNumber'], maxLength: { invoiceNumber: 20, description: 255 } },
    customer: { order: ['type', 'id', 'email'], maxLength: { id: 20, email: 255 } },
    billTo: { order: [...NAME_AND_ADDRESS, 'phoneNumber', 'faxNumber', 'email'], maxLength: ADDRESS_LENGTHS },
    shipTo: { order: NAME_AND_ADDRESS, maxLength: ADDRESS_LENGTHS },
    userFields: { order: ['userField'], required: ['userField'], children: { userField: { order: ['name', 'value'] } } },
    transactionSettings: { order: ['setting'], required: ['setting'], children: { setting: { order: ['settingName', 'settingValue'], required: ['settingName'] } } },
  },
};

/** What a transaction type needs besides the schema (Authorize.net's own rules). */
const NEEDED_BY_TYPE: Record<string, string[]> = {
  authCaptureTransaction: ['amount', 'payment'],
  refundTransaction: ['amount', 'payment', 'refTransId'],
  voidTransaction: ['refTransId'],
};

/** ArrayOfSetting: the Accept Hosted settings, each value a JSON text. */
const SETTINGS: ElementRule = { order: ['setting'], required: ['setting'], children: { setting: { order: ['settingName', 'settingValue'], required: ['settingName'] } } };
const HOSTED_SETTING_NAMES = new Set([
  'hostedPaymentReturnOptions', 'hostedPaymentButtonOptions', 'hostedPaymentStyleOptions', 'hostedPaymentPaymentOptions', 'hostedPaymentSecurityOptions',
  'hostedPaymentShippingAddressOptions', 'hostedPaymentBillingAddressOptions', 'hostedPaymentCustomerOptions', 'hostedPaymentOrderOptions',
  'hostedPaymentIFrameCommunicatorUrl', 'hostedPaymentVisaCheckoutOptions',
]);
const TOKEN_LIFETIME_MS = 15 * 60 * 1000;
/** The hosted form's look: one column of labelled fields, as Authorize.net's form shows on a phone. */
const FORM_STYLE =
  'body{font:16px/1.4 system-ui,sans-serif;margin:0;padding:16px;color:#1d1d1b}form{display:grid;gap:12px;max-width:28rem}' +
  'label{display:grid;gap:4px;font-weight:600}input{font:inherit;min-height:40px;padding:6px 8px;border:1px solid #8a8f8c;border-radius:4px}' +
  'button{font:inherit;min-height:44px;padding:8px 18px;justify-self:start;margin-top:8px}';

const REQUESTS: Record<string, ElementRule> = {
  getHostedPaymentPageRequest: {
    order: ['merchantAuthentication', 'clientId', 'refId', 'transactionRequest', 'hostedPaymentSettings'],
    required: ['merchantAuthentication', 'transactionRequest'],
    maxLength: { refId: 20 },
    children: { merchantAuthentication: MERCHANT_AUTHENTICATION, transactionRequest: TRANSACTION_REQUEST, hostedPaymentSettings: SETTINGS },
  },
  getUnsettledTransactionListRequest: {
    order: ['merchantAuthentication', 'clientId', 'refId', 'status', 'sorting', 'paging'],
    required: ['merchantAuthentication'],
    children: {
      merchantAuthentication: MERCHANT_AUTHENTICATION,
      sorting: { order: ['orderBy', 'orderDescending'], required: ['orderBy', 'orderDescending'] },
      paging: { order: ['limit', 'offset'], required: ['limit', 'offset'] },
    },
  },
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
  // An element that may repeat (maxOccurs unbounded) is a JSON array: each one is checked.
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkElement(item, rule, `${where}[${i}]`, problems));
    return;
  }
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
  /** The response code the next charge gets (1 approved, 2 declined, 3 error, 4 held for review); default 1. */
  nextResponseCode(code: '1' | '2' | '3' | '4'): void;
  /** Authorize.net's nightly batch for one transaction: a charge becomes settledSuccessfully (refundable, no longer voidable). */
  settle(transId: string): void;
  /** The refunds made against a transaction, oldest first (as getTransactionDetails describes them). */
  refundsOf(transId: string): Json[];
  /** X-ANET-Signature for a webhook body. */
  sign(body: string, signatureKey: string): string;
  /** Where a browser posts an Accept Hosted token (accept.authorize.net/payment/payment). */
  hostedFormUrl: string;
  /** The Accept Hosted tokens given, with what each pays and its settings. */
  hostedTokens: Map<string, { request: Json; settings: Record<string, Json>; issuedAt: number }>;
}

export async function startFakeAuthorizeNet(options: { loginId: string; transactionKey: string; now?: () => number }): Promise<FakeAuthorizeNet> {
  const now = options.now ?? Date.now;
  const hostedTokens: FakeAuthorizeNet['hostedTokens'] = new Map();
  const transactions = new Map<string, Json>();
  /** What the fake knows of each transaction beyond what getTransactionDetails shows. */
  const ledger = new Map<string, { kind: 'charge' | 'refund'; approved: boolean; amountCents: number; last4: string; settled: boolean; voided: boolean; refundedCents: number; refTransId?: string; authCode: string }>();
  /** Refunds by what makes them duplicates (card, expiry, amount, invoice number, type), for the duplicate window. */
  const sent = new Map<string, { transId: string; at: number; approved: boolean; authCode: string }>();
  let next: '1' | '2' | '3' | '4' = '1';
  let counter = 60_000_000_000;

  const toCents = (amount: unknown): number => Math.round(Number(amount) * 100);
  const ok = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
  const unsuccessful = { resultCode: 'Error', message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }] };
  /** A transactionResponse for a refund or void: approved with a message, or refused with an error. */
  const respond = (request: Json, code: '1' | '3', fields: { transId?: string; refTransID?: string; authCode?: string; last4?: string; reason: { code: string; text: string } }): FakeResponse =>
    answer({
      transactionResponse: {
        responseCode: code,
        authCode: fields.authCode ?? '',
        avsResultCode: 'P',
        cvvResultCode: '',
        cavvResultCode: '',
        transId: fields.transId ?? '0',
        refTransID: fields.refTransID ?? '',
        transHash: '',
        testRequest: '0',
        accountNumber: fields.last4 ? `XXXX${fields.last4}` : '',
        accountType: fields.last4 ? 'Visa' : '',
        ...(code === '1' ? { messages: [{ code: fields.reason.code, description: fields.reason.text }] } : { errors: [{ errorCode: fields.reason.code, errorText: fields.reason.text }] }),
        transHashSha2: '',
        SupplementalDataQualificationIndicator: 0,
      },
      ...(request.refId ? { refId: request.refId } : {}),
      messages: code === '1' ? ok : unsuccessful,
    });
  const APPROVED = { code: '1', text: 'This transaction has been approved.' };
  const NOT_CREDITABLE = { code: '54', text: 'The referenced transaction does not meet the criteria for issuing a credit.' };

  const refund = (request: Json, tr: Json): FakeResponse => {
    const card = (tr.payment as Json).creditCard as Json | undefined;
    if (!card) return respond(request, '3', { reason: { code: '33', text: 'Credit card number is required.' } });
    const settings = (((tr.transactionSettings as Json | undefined)?.setting as Json[] | undefined) ?? []).find((setting) => setting.settingName === 'duplicateWindow');
    const window = settings ? Number(settings.settingValue) : 120;
    const duplicateKey = [card.cardNumber, card.expirationDate, tr.amount, (tr.order as Json | undefined)?.invoiceNumber ?? '', tr.transactionType].join('|');
    const seen = sent.get(duplicateKey);
    if (seen && Date.now() - seen.at < window * 1000) {
      // With duplicateWindow sent, the answer carries the first transaction's transId (and authCode if it was approved).
      return respond(request, '3', { reason: { code: '11', text: 'A duplicate transaction has been submitted.' }, ...(settings ? { transId: seen.transId, authCode: seen.approved ? seen.authCode : '' } : {}) });
    }
    const refTransId = String(tr.refTransId);
    const original = ledger.get(refTransId);
    const last4 = String(card.cardNumber).slice(-4);
    if (!original || original.kind !== 'charge' || !original.approved || original.voided || !original.settled || original.last4 !== last4) return respond(request, '3', { reason: NOT_CREDITABLE });
    const cents = toCents(tr.amount);
    if (cents > original.amountCents - original.refundedCents) {
      return respond(request, '3', { reason: { code: '55', text: 'The sum of credits against the referenced transaction would exceed the original debit amount.' } });
    }
    original.refundedCents += cents;
    const transId = String(++counter);
    ledger.set(transId, { kind: 'refund', approved: true, amountCents: cents, last4, settled: false, voided: false, refundedCents: 0, refTransId, authCode: '' });
    sent.set(duplicateKey, { transId, at: Date.now(), approved: true, authCode: '' });
    transactions.set(transId, {
      transId,
      refTransId,
      submitTimeUTC: new Date().toISOString(),
      transactionType: 'refundTransaction',
      transactionStatus: 'refundPendingSettlement',
      responseCode: 1,
      responseReasonCode: 1,
      responseReasonDescription: 'Approval',
      authAmount: Number(tr.amount),
      settleAmount: Number(tr.amount),
      ...(tr.order ? { order: tr.order } : {}),
      payment: { creditCard: { cardNumber: `XXXX${last4}`, expirationDate: 'XXXX', cardType: 'Visa' } },
    });
    return respond(request, '1', { transId, refTransID: refTransId, last4, reason: APPROVED });
  };

  const voidTransaction = (request: Json, tr: Json): FakeResponse => {
    const refTransId = String(tr.refTransId);
    const original = ledger.get(refTransId);
    if (!original) return respond(request, '3', { reason: { code: '16', text: 'The transaction cannot be found.' } });
    if (original.voided) return respond(request, '1', { transId: refTransId, refTransID: refTransId, last4: original.last4, reason: { code: '310', text: 'This transaction has already been voided.' } });
    // A settled transaction can only be refunded. (The fake's refusal; Authorize.net's exact code for it is not copied here.)
    if (original.settled || !original.approved) return respond(request, '3', { reason: { code: '16', text: 'The transaction cannot be found.' } });
    original.voided = true;
    const details = transactions.get(refTransId)!;
    details.transactionStatus = 'voided';
    if (original.kind === 'refund' && original.refTransId) ledger.get(original.refTransId)!.refundedCents -= original.amountCents;
    return respond(request, '1', { transId: refTransId, refTransID: refTransId, authCode: original.authCode, last4: original.last4, reason: APPROVED });
  };

  const hostedToken = (request: Json, violations: string[]): FakeResponse => {
    const settings: Record<string, Json> = {};
    for (const setting of (((request.hostedPaymentSettings as Json | undefined)?.setting as Json[] | undefined) ?? [])) {
      const name = String(setting.settingName);
      if (!HOSTED_SETTING_NAMES.has(name)) {
        violations.push(`hostedPaymentSettings: unknown setting ${name}`);
        return error('E00003', `Invalid setting name ${name}.`);
      }
      try {
        settings[name] = JSON.parse(String(setting.settingValue ?? '{}')) as Json;
      } catch {
        violations.push(`hostedPaymentSettings: ${name} is not JSON`);
        return error('E00003', `Invalid setting value for ${name}.`);
      }
    }
    const tr = request.transactionRequest as Json;
    if (tr.transactionType !== 'authCaptureTransaction' && tr.transactionType !== 'authOnlyTransaction') return error('E00003', 'Accept Hosted takes authCaptureTransaction or authOnlyTransaction.');
    if (!('amount' in tr)) return error('E00003', 'The amount is required.');
    const token = crypto.randomBytes(96).toString('base64');
    hostedTokens.set(token, { request, settings, issuedAt: now() });
    return answer({ token, messages: ok });
  };

  const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const page = (status: number, body: string): FakeResponse => ({
    status,
    text: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Authorize.net payment</title><style>${FORM_STYLE}</style></head><body>${body}</body></html>`,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
  /** A page of the form in a frame: the store's communicator framed, hidden, and sent `messages` once it loads (and `action=cancel` by the Cancel button). */
  const framed = (communicatorUrl: string, messages: string[]): string =>
    `<iframe id="communicator" src="${escape(communicatorUrl)}" hidden title="Authorize.net communicator"></iframe>` +
    `<script>(function () {
      var frame = document.getElementById('communicator');
      var origin = new URL(frame.src).origin;
      function send(text) { frame.contentWindow.postMessage(text, origin); }
      var messages = ${JSON.stringify(messages).replace(/</g, '\\u003c')};
      frame.addEventListener('load', function () {
        messages.forEach(function (m) { send(m.replace('{height}', String(Math.ceil(document.body.getBoundingClientRect().height))).replace('{width}', String(document.documentElement.scrollWidth))); });
      });
      var cancel = document.getElementById('cancel');
      if (cancel) cancel.addEventListener('click', function () { send('action=cancel'); });
    })();</script>`;
  const liveToken = (token: string | null) => {
    const found = token ? hostedTokens.get(token) : undefined;
    return found && now() - found.issuedAt < TOKEN_LIFETIME_MS ? found : undefined;
  };

  /** The hosted form: GET is refused (Authorize.net wants the token POSTed), POST with the token shows it, POST .../pay pays. */
  const hostedPage = (req: FakeRequest, violations: string[]): FakeResponse => {
    if (req.method !== 'POST') return page(405, '<p>Missing token.</p>');
    const form = new URLSearchParams(req.body);
    const token = form.get('token');
    const found = liveToken(token);
    if (!found) return page(400, '<p>Your session has expired or does not exist. Please return to the merchant to try again.</p>');
    const tr = found.request.transactionRequest as Json;
    const returns = found.settings.hostedPaymentReturnOptions ?? {};
    const communicator = found.settings.hostedPaymentIFrameCommunicatorUrl?.url;
    const inFrame = typeof communicator === 'string';
    if (req.path === '/payment/payment') {
      const cancel = inFrame
        ? `<button type="button" id="cancel">${escape(String(returns.cancelUrlText ?? 'Cancel'))}</button>`
        : returns.cancelUrl
          ? `<a href="${escape(String(returns.cancelUrl))}">${escape(String(returns.cancelUrlText ?? 'Cancel'))}</a>`
          : '';
      return page(
        200,
        `<form method="post" action="/payment/payment/pay"><input type="hidden" name="token" value="${escape(token!)}">` +
          `<p>Amount: <output id="amount">$${escape(String(tr.amount))}</output></p>` +
          '<label>Card Number <input name="cardNumber" autocomplete="cc-number" inputmode="numeric"></label>' +
          '<label>Expiration <input name="expirationDate" placeholder="MMYY"></label>' +
          '<label>Card Code <input name="cardCode"></label>' +
          `<button type="submit">${escape(String((found.settings.hostedPaymentButtonOptions ?? {}).text ?? 'Pay'))}</button></form>` +
          cancel +
          (inFrame ? framed(communicator, ['action=resizeWindow&width={width}&height={height}']) : ''),
      );
    }
    const cardNumber = (form.get('cardNumber') ?? '').replace(/\D/g, '');
    if (!/^\d{13,16}$/.test(cardNumber)) return page(400, '<p role="alert">Please enter a valid card number.</p>');
    // The transaction the token describes, with the card typed here: Authorize.net's own charge.
    const { transactionType, amount, ...rest } = tr;
    const charged = handle(
      {
        method: 'POST',
        path: '/xml/v1/request.api',
        query: new URLSearchParams(),
        rawQuery: '',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          createTransactionRequest: {
            merchantAuthentication: { name: options.loginId, transactionKey: options.transactionKey },
            ...(found.request.refId ? { refId: found.request.refId } : {}),
            transactionRequest: { transactionType, amount, payment: { creditCard: { cardNumber, expirationDate: form.get('expirationDate') || '1230', cardCode: form.get('cardCode') || '999' } }, ...rest },
          },
        }),
      },
      violations,
    );
    // One payment per token, as on Authorize.net.
    hostedTokens.delete(token!);
    if (inFrame) {
      const answered = JSON.parse((charged.text ?? '').replace(/^\uFEFF/, '')) as { transactionResponse?: Json };
      const r = answered.transactionResponse ?? {};
      const response = {
        accountType: r.accountType,
        accountNumber: r.accountNumber,
        transId: r.transId,
        responseCode: r.responseCode,
        authorization: r.authCode,
        ...((tr.order as Json | undefined)?.invoiceNumber ? { orderInvoiceNumber: (tr.order as Json).invoiceNumber } : {}),
        totalAmount: tr.amount,
        dateTime: new Date(now()).toLocaleString('en-US', { timeZone: 'UTC' }),
      };
      return page(200, `<p>Processing…</p>${framed(communicator, [`action=transactResponse&response=${encodeURIComponent(JSON.stringify(response))}`])}`);
    }
    if (typeof returns.url !== 'string') return page(200, `<pre>${escape(charged.text ?? '')}</pre>`);
    return { status: 302, headers: { Location: returns.url } };
  };

  const handle = (req: FakeRequest, violations: string[]): FakeResponse => {
    if (req.path.startsWith('/payment/payment')) return hostedPage(req, violations);
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

    if (name === 'getHostedPaymentPageRequest') return hostedToken(request, violations);
    if (name === 'getUnsettledTransactionListRequest') {
      const list = [...ledger.entries()]
        .filter(([, t]) => !t.settled && !t.voided)
        .map(([transId]) => transactions.get(transId)!)
        .reverse()
        .map((t) => ({
          transId: t.transId,
          submitTimeUTC: t.submitTimeUTC,
          transactionStatus: t.transactionStatus,
          ...((t.order as Json | undefined)?.invoiceNumber ? { invoiceNumber: (t.order as Json).invoiceNumber } : {}),
          accountType: 'Visa',
          accountNumber: 'XXXX1111',
          settleAmount: t.settleAmount,
          marketType: 'eCommerce',
          product: 'Card Not Present',
        }));
      return answer({ transactions: list, totalNumInResultSet: list.length, messages: ok });
    }
    if (name === 'getTransactionDetailsRequest') {
      const found = transactions.get(String(request.transId));
      if (!found) return error('E00040', 'The record cannot be found.');
      return answer({ transaction: found, messages: { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] } });
    }

    const tr = request.transactionRequest as Json;
    const needed = (NEEDED_BY_TYPE[String(tr.transactionType)] ?? []).filter((element) => !(element in tr));
    if (needed.length) {
      violations.push(`${String(tr.transactionType)} needs ${needed.join(', ')}`);
      return error('E00003', `${String(tr.transactionType)} needs ${needed.join(', ')}.`);
    }
    if (tr.transactionType === 'refundTransaction') return refund(request, tr);
    if (tr.transactionType === 'voidTransaction') return voidTransaction(request, tr);
    const code = next;
    next = '1';
    const transId = String(++counter);
    const text = RESPONSE_TEXT[code]!;
    const userFields = ((tr.userFields as Json | undefined)?.userField as Json[] | undefined) ?? [];
    ledger.set(transId, { kind: 'charge', approved: code === '1', amountCents: toCents(tr.amount), last4: '1111', settled: false, voided: false, refundedCents: 0, authCode: 'ABC123' });
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
    hostedFormUrl: `${server.url}/payment/payment`,
    hostedTokens,
    transactions,
    nextResponseCode(code) {
      next = code;
    },
    settle(transId) {
      const known = ledger.get(transId);
      const details = transactions.get(transId);
      if (!known || !details) throw new Error(`No Authorize.net transaction ${transId}`);
      if (known.voided || !known.approved) return;
      known.settled = true;
      details.transactionStatus = known.kind === 'refund' ? 'refundSettledSuccessfully' : 'settledSuccessfully';
    },
    refundsOf(transId) {
      return [...transactions.values()].filter((t) => t.transactionType === 'refundTransaction' && t.refTransId === transId);
    },
    sign(body, signatureKey) {
      return `sha512=${crypto.createHmac('sha512', signatureKey).update(body).digest('hex').toUpperCase()}`;
    },
  };
}
