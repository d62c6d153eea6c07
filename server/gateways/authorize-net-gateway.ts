/**
 * Authorize.net's JSON API: Accept.js opaque data (the card never reaches us) to
 * createTransactionRequest; Accept Hosted's form token (getHostedPaymentPageRequest) and, when the
 * customer comes back, its transactions found by invoice number (getUnsettledTransactionListRequest);
 * getTransactionDetailsRequest for `confirm`, refunds (refundTransaction,
 * or voidTransaction for a payment not settled yet), and the X-ANET-Signature check of webhooks. Its JSON mirrors an XML schema and is read in order, so every object below is
 * built in the element order of AnetApiSchema.xsd (insertion order is JSON order).
 */
import crypto from 'node:crypto';
import { ApiError } from '../http/api-error';
import type { ConfirmedPayment, PaymentGateway, PaymentMetadata, RefundOutcome, RefundRequest } from './gateway';
import type { AuthorizeNetConfig } from './gateway-config';
import { paymentNotFound, providerUnavailable } from './gateway-errors';
import { pickMetadata } from './payment-metadata';
import { twentyCharacterKey } from './refund-keys';
import { authorizeNetStatus } from './status-mapping';

export interface AnetAddress {
  firstName?: string;
  lastName?: string;
  company?: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  phoneNumber?: string;
}

export interface AnetChargeRequest {
  dataDescriptor: string;
  dataValue: string;
  amountCents: number;
  metadata: PaymentMetadata;
  email?: string;
  billTo?: AnetAddress;
  shipTo?: AnetAddress;
  /** Echoed back by Authorize.net; at most 20 characters. */
  refId?: string;
}

export interface AnetHostedPageRequest {
  amountCents: number;
  metadata: PaymentMetadata;
  email?: string;
  /** Echoed back by Authorize.net; at most 20 characters. */
  refId: string;
  /** Where Authorize.net sends the customer after paying, and after cancelling. */
  returnUrl: string;
  cancelUrl: string;
  /** The store's name above the form. */
  merchantName?: string;
  /**
   * The form shown in a frame of the store's page: the store's iframe communicator, which the form
   * frames and through which it tells the page its size, a cancel and the transaction's response.
   */
  iframeCommunicatorUrl?: string;
}

export interface AnetTransactionResponse {
  responseCode?: string;
  authCode?: string;
  transId?: string;
  refTransID?: string;
  accountNumber?: string;
  accountType?: string;
  messages?: Array<{ code: string; description: string }>;
  errors?: Array<{ errorCode: string; errorText: string }>;
}

export interface AnetChargeResult {
  payment: ConfirmedPayment;
  transactionResponse: AnetTransactionResponse;
  /** For the customer: the processor's text on a decline, a plain line on success. */
  message: string;
}

interface AnetMessages {
  resultCode: 'Ok' | 'Error';
  message: Array<{ code: string; text: string }>;
}

/** A transaction as getTransactionDetailsRequest describes it (the fields read here). */
interface AnetTransactionDetails {
  transId: string;
  transactionType?: string;
  responseCode: number | string;
  responseReasonCode?: number | string;
  responseReasonDescription?: string;
  transactionStatus?: string;
  authAmount?: number | string;
  settleAmount?: number | string;
  payment?: { creditCard?: { cardNumber?: string; cardType?: string } };
  userFields?: { userField?: Array<{ name: string; value: string }> } | Array<{ name: string; value: string }>;
}

/** Error 54: a refund of a transaction not settled yet (it can only be voided until it settles, usually the next day). */
const NOT_SETTLED = '54';
/** Error 11: the same transaction (card, amount, invoice number, type) within the duplicate window. */
const DUPLICATE = '11';
/** Reason 310: the transaction has already been voided. */
const ALREADY_VOIDED = '310';
/**
 * Authorize.net's duplicate window, in seconds (its maximum, 8 hours). A refund sent again with the
 * same key (same invoice number, amount and card) within it is refused as error 11, naming the first
 * refund's transId: that is how a retry finds the refund instead of giving twice. Authorize.net
 * keeps no idempotency key of its own (refId is only echoed).
 */
const DUPLICATE_WINDOW_SECONDS = '28800';

/** Transaction statuses before settlement (getTransactionDetails), when a refund is error 54 and a void is what can be done. */
const UNSETTLED_STATUSES: ReadonlySet<string> = new Set([
  'authorizedPendingCapture',
  'capturedPendingSettlement',
  'FDSPendingReview',
  'FDSAuthorizedPendingReview',
  'underReview',
  'approvedReview',
  'voided',
]);

export const PARTIAL_REFUND_UNSETTLED_MESSAGE =
  'This payment has not settled yet: an unsettled payment can only be voided in full today, or refunded in part once it settles (usually the next day).';

/** Field lengths of the XML schema; longer values are refused by Authorize.net, so they are cut. */
const ADDRESS_LIMITS: Record<keyof AnetAddress, number> = {
  firstName: 50,
  lastName: 50,
  company: 50,
  address: 60,
  city: 40,
  state: 40,
  zip: 20,
  country: 60,
  phoneNumber: 25,
};
const NAME_AND_ADDRESS_ORDER = ['firstName', 'lastName', 'company', 'address', 'city', 'state', 'zip', 'country'] as const;
const CUSTOMER_ADDRESS_ORDER = [...NAME_AND_ADDRESS_ORDER, 'phoneNumber'] as const;

function orderedAddress(address: AnetAddress, order: readonly (keyof AnetAddress)[]): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const key of order) {
    const value = address[key]?.trim();
    if (value) out[key] = value.slice(0, ADDRESS_LIMITS[key]);
  }
  return Object.keys(out).length ? out : undefined;
}

export class AuthorizeNetGateway implements PaymentGateway {
  readonly name = 'authorizenet' as const;

  constructor(readonly config: AuthorizeNetConfig, private readonly fetchImpl: typeof fetch = fetch) {}

  private auth(): { name: string; transactionKey: string } {
    return { name: this.config.loginId, transactionKey: this.config.transactionKey };
  }

  async charge(request: AnetChargeRequest): Promise<AnetChargeResult> {
    const invoiceNumber = invoiceNumberOf(request.metadata);
    const transactionRequest: Record<string, unknown> = {
      transactionType: 'authCaptureTransaction',
      amount: (request.amountCents / 100).toFixed(2),
      payment: { opaqueData: { dataDescriptor: request.dataDescriptor, dataValue: request.dataValue } },
    };
    if (invoiceNumber) transactionRequest.order = { invoiceNumber };
    if (request.email) transactionRequest.customer = { email: request.email.slice(0, 255) };
    const billTo = request.billTo && orderedAddress(request.billTo, CUSTOMER_ADDRESS_ORDER);
    if (billTo) transactionRequest.billTo = billTo;
    const shipTo = request.shipTo && orderedAddress(request.shipTo, NAME_AND_ADDRESS_ORDER);
    if (shipTo) transactionRequest.shipTo = shipTo;
    const userField = userFieldsOf(request.metadata);
    // userFields come after billTo, shipTo, customerIP ... in the schema; they carry our metadata back to us.
    if (userField.length) transactionRequest.userFields = { userField };

    const body = {
      createTransactionRequest: {
        merchantAuthentication: this.auth(),
        ...(request.refId ? { refId: request.refId.slice(0, 20) } : {}),
        transactionRequest,
      },
    };
    const answer = (await this.post(body)) as { transactionResponse?: AnetTransactionResponse; messages?: AnetMessages };
    const tr = answer.transactionResponse;
    if (!tr || !tr.responseCode) {
      // No transaction at all: our request or credentials were refused (E000xx), not the card.
      const text = answer.messages?.message?.[0]?.text;
      throw new ApiError(400, 'payment_failed', text || 'Payment failed');
    }
    const payment = this.paymentFrom({
      transId: tr.transId ?? '',
      responseCode: tr.responseCode,
      amountCents: request.amountCents,
      metadata: request.metadata,
      accountNumber: tr.accountNumber,
      accountType: tr.accountType,
      providerStatus: tr.responseCode,
    });
    const message =
      tr.errors?.[0]?.errorText ?? tr.messages?.[0]?.description ?? (payment.status === 'completed' ? 'This transaction has been approved.' : 'Payment failed');
    return { payment, transactionResponse: tr, message };
  }

  /**
   * An Accept Hosted form token (valid 15 minutes) for an authCaptureTransaction of the amount the
   * server decided, with the order's increment id as invoice number and our metadata as userFields
   * (getTransactionDetails gives them back, which ties the transaction to the order). The customer
   * types the card on Authorize.net's page; it sends them back to `returnUrl` with nothing in it,
   * so the return finds the transaction by invoice number (`unsettledTransactionIds`). Shown in a
   * frame, the form names the transaction to the store's communicator instead (transactResponse),
   * and the store reads that one (`confirm`).
   */
  async hostedPaymentPage(request: AnetHostedPageRequest): Promise<string> {
    const invoiceNumber = invoiceNumberOf(request.metadata);
    const transactionRequest: Record<string, unknown> = { transactionType: 'authCaptureTransaction', amount: (request.amountCents / 100).toFixed(2) };
    if (invoiceNumber) transactionRequest.order = { invoiceNumber };
    if (request.email) transactionRequest.customer = { email: request.email.slice(0, 255) };
    const userField = userFieldsOf(request.metadata);
    if (userField.length) transactionRequest.userFields = { userField };
    // Each setting's value is a JSON text of its own (Authorize.net's Accept Hosted settings).
    const settings: Array<[string, unknown]> = [
      ['hostedPaymentReturnOptions', { showReceipt: false, url: request.returnUrl, urlText: 'Continue', cancelUrl: request.cancelUrl, cancelUrlText: 'Cancel' }],
      ['hostedPaymentButtonOptions', { text: 'Pay' }],
      ['hostedPaymentOrderOptions', { show: true, ...(request.merchantName ? { merchantName: request.merchantName.slice(0, 100) } : {}) }],
      ['hostedPaymentPaymentOptions', { cardCodeRequired: true, showCreditCard: true, showBankAccount: false }],
    ];
    if (request.iframeCommunicatorUrl) settings.push(['hostedPaymentIFrameCommunicatorUrl', { url: request.iframeCommunicatorUrl }]);
    const answer = (await this.post({
      getHostedPaymentPageRequest: {
        merchantAuthentication: this.auth(),
        refId: request.refId.slice(0, 20),
        transactionRequest,
        hostedPaymentSettings: { setting: settings.map(([settingName, value]) => ({ settingName, settingValue: JSON.stringify(value) })) },
      },
    })) as { token?: string; messages?: AnetMessages };
    if (answer.messages?.resultCode !== 'Ok' || !answer.token) {
      throw new ApiError(400, 'payment_failed', answer.messages?.message?.[0]?.text || 'Authorize.net refused the payment form.');
    }
    return answer.token;
  }

  /** The unsettled transactions with one of these invoice numbers, newest first (an Accept Hosted return names none). */
  async unsettledTransactionIds(invoiceNumbers: readonly string[]): Promise<string[]> {
    const answer = (await this.post({
      getUnsettledTransactionListRequest: {
        merchantAuthentication: this.auth(),
        sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
        paging: { limit: 1000, offset: 1 },
      },
    })) as { transactions?: Array<{ transId: string; invoiceNumber?: string }>; messages?: AnetMessages };
    if (answer.messages?.resultCode !== 'Ok') throw providerUnavailable('authorizenet');
    return (answer.transactions ?? []).filter((t) => t.invoiceNumber !== undefined && invoiceNumbers.includes(t.invoiceNumber)).map((t) => t.transId);
  }

  async confirm(transactionId: string): Promise<ConfirmedPayment> {
    if (!/^\d{1,20}$/.test(transactionId)) throw paymentNotFound(transactionId);
    const t = await this.transactionDetails(transactionId);
    const fields = Array.isArray(t.userFields) ? t.userFields : (t.userFields?.userField ?? []);
    const metadata = pickMetadata(Object.fromEntries(fields.map((f) => [f.name, f.value])));
    const amount = Number(t.settleAmount && Number(t.settleAmount) > 0 ? t.settleAmount : (t.authAmount ?? 0));
    const payment = this.paymentFrom({
      transId: t.transId,
      responseCode: String(t.responseCode),
      amountCents: Math.round(amount * 100),
      metadata,
      accountNumber: t.payment?.creditCard?.cardNumber,
      accountType: t.payment?.creditCard?.cardType,
      providerStatus: t.transactionStatus ?? String(t.responseCode),
    });
    // An approved transaction that was voided later is not money received.
    if (t.transactionStatus === 'voided' || t.transactionStatus === 'declined') payment.status = 'failed';
    return payment;
  }

  /**
   * Refunds a settled payment (refundTransaction: refTransId, the amount, the card's last four digits
   * with expirationDate XXXX), or voids one that has not settled:
   * - the refund goes with refId and order.invoiceNumber set to a 20-character form of the
   *   idempotency key and the duplicate window at 8 hours, so the same key sent again is Authorize.net's
   *   error 11 naming the first refund, which is then read and answered (one refund, never two);
   * - error 54 for a payment not settled yet (its status, read then, says so): for the payment's
   *   whole amount, voidTransaction and `kind: 'void'` (an already voided payment, reason 310, is
   *   the same void); for a part, failed with PARTIAL_REFUND_UNSETTLED_MESSAGE. Error 54 for a
   *   settled payment (a card that does not match ...) is failed with Authorize.net's text;
   * - any other refusal (55: more than is left; E000xx) answers failed with Authorize.net's text.
   * Response code 1 succeeded, 4 (held for review) pending. Only an unreachable Authorize.net throws.
   */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const transId = request.payment.providerReference;
    const refundOf = (amountCents = request.amountCents): Pick<RefundOutcome, 'kind' | 'providerReference' | 'amountCents'> => ({ kind: 'refund', providerReference: transId, amountCents });
    if (!/^\d{1,20}$/.test(transId)) return { ...refundOf(), status: 'failed', message: `Authorize.net knows no transaction ${transId}.` };
    const key = twentyCharacterKey(request.idempotencyKey);
    let last4 = cardLast4(request.payment.additionalData);
    if (!last4) {
      const details = await this.transactionDetails(transId).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      });
      last4 = details?.payment?.creditCard?.cardNumber?.replace(/\D/g, '').slice(-4) || null;
      if (!last4) return { ...refundOf(), status: 'failed', message: `Authorize.net knows no card for transaction ${transId}.` };
    }
    const answer = await this.createTransaction(key, {
      transactionType: 'refundTransaction',
      amount: (request.amountCents / 100).toFixed(2),
      payment: { creditCard: { cardNumber: last4, expirationDate: 'XXXX' } },
      refTransId: transId,
      order: { invoiceNumber: key, description: `Refund: ${request.reason}`.slice(0, 255) },
      transactionSettings: { setting: [{ settingName: 'duplicateWindow', settingValue: DUPLICATE_WINDOW_SECONDS }] },
    });
    const tr = answer.transactionResponse;
    if (!tr?.responseCode) return { ...refundOf(), status: 'failed', message: answer.messages?.message?.[0]?.text || 'Authorize.net refused the refund.' };
    if (tr.responseCode === '1' || tr.responseCode === '4') {
      return { kind: 'refund', status: tr.responseCode === '1' ? 'succeeded' : 'pending', providerReference: tr.transId ?? '', amountCents: request.amountCents };
    }
    let code = tr.errors?.[0]?.errorCode;
    let text = tr.errors?.[0]?.errorText;
    if (code === DUPLICATE && tr.transId && tr.transId !== '0') {
      // The same refund was sent before (a retry): answer what became of it.
      const first = await this.transactionDetails(tr.transId);
      if (String(first.responseCode) === '1' || String(first.responseCode) === '4') {
        return { kind: 'refund', status: String(first.responseCode) === '1' ? 'succeeded' : 'pending', providerReference: first.transId, amountCents: toCents(first.settleAmount, first.authAmount) || request.amountCents };
      }
      code = first.responseReasonCode === undefined ? code : String(first.responseReasonCode);
      text = first.responseReasonDescription ?? text;
    }
    if (code === NOT_SETTLED && (await this.notSettled(transId))) {
      if (request.amountCents !== request.payment.amountCents) return { ...refundOf(), status: 'failed', message: PARTIAL_REFUND_UNSETTLED_MESSAGE };
      return this.voidTransaction(key, transId, request.payment.amountCents);
    }
    return { ...refundOf(), status: 'failed', message: text || 'Authorize.net refused the refund.' };
  }

  /**
   * Error 54 says the transaction "does not meet the criteria for issuing a credit": most often it
   * has not settled yet, but also a card that does not match, or a transaction too old. Its status
   * tells which (a voided one counts as not settled: its void is answered again).
   */
  private async notSettled(transId: string): Promise<boolean> {
    const details = await this.transactionDetails(transId).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    });
    return details?.transactionStatus !== undefined && UNSETTLED_STATUSES.has(details.transactionStatus);
  }

  /** voidTransaction of a payment not settled: the whole amount; a payment already voided is the same void. */
  private async voidTransaction(key: string, transId: string, amountCents: number): Promise<RefundOutcome> {
    const answer = await this.createTransaction(key, { transactionType: 'voidTransaction', refTransId: transId });
    const tr = answer.transactionResponse;
    const outcome = { kind: 'void' as const, providerReference: transId, amountCents };
    if (!tr?.responseCode) return { ...outcome, status: 'failed', message: answer.messages?.message?.[0]?.text || 'Authorize.net refused the void.' };
    const codes = [...(tr.messages ?? []).map((m) => m.code), ...(tr.errors ?? []).map((e) => e.errorCode)];
    if (tr.responseCode === '1' || codes.includes(ALREADY_VOIDED)) return { ...outcome, status: 'succeeded' };
    return { ...outcome, status: 'failed', message: tr.errors?.[0]?.errorText || 'Authorize.net refused the void.' };
  }

  private async createTransaction(refId: string, transactionRequest: Record<string, unknown>): Promise<{ transactionResponse?: AnetTransactionResponse; messages?: AnetMessages }> {
    return (await this.post({ createTransactionRequest: { merchantAuthentication: this.auth(), refId, transactionRequest } })) as { transactionResponse?: AnetTransactionResponse; messages?: AnetMessages };
  }

  private async transactionDetails(transId: string): Promise<AnetTransactionDetails> {
    const answer = (await this.post({ getTransactionDetailsRequest: { merchantAuthentication: this.auth(), transId } })) as { transaction?: AnetTransactionDetails; messages?: AnetMessages };
    const t = answer.transaction;
    if (!t) {
      if (answer.messages?.message?.some((m) => m.code === 'E00040' || m.code === 'E00011')) throw paymentNotFound(transId);
      throw providerUnavailable('authorizenet');
    }
    return t;
  }

  /** Checks X-ANET-Signature ("sha512=" + HMAC-SHA512 of the raw body with the signature key, in hex). */
  verifyWebhook(rawBody: Buffer, header: string | undefined): boolean {
    if (!this.config.signatureKey) throw new ApiError(400, 'webhook_not_configured', 'Webhooks are not configured for this gateway.');
    const match = /^sha512=([0-9a-fA-F]{128})$/.exec(header?.trim() ?? '');
    if (!match) return false;
    const expected = crypto.createHmac('sha512', this.config.signatureKey).update(rawBody).digest();
    return crypto.timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
  }

  private paymentFrom(p: {
    transId: string;
    responseCode: string;
    amountCents: number;
    metadata: PaymentMetadata;
    accountNumber?: string;
    accountType?: string;
    providerStatus: string;
  }): ConfirmedPayment {
    const last4 = p.accountNumber?.replace(/\D/g, '').slice(-4);
    return {
      gateway: 'authorizenet',
      providerReference: p.transId,
      transactionId: p.transId,
      status: authorizeNetStatus(p.responseCode),
      amountCents: p.amountCents,
      currency: 'USD',
      metadata: p.metadata,
      additionalData: {
        providerStatus: p.providerStatus,
        responseCode: p.responseCode,
        ...(p.accountType ? { cardBrand: p.accountType } : {}),
        ...(last4 ? { cardLast4: last4 } : {}),
      },
    };
  }

  private async post(body: unknown): Promise<unknown> {
    let text: string;
    try {
      const res = await this.fetchImpl(this.config.apiBase, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      text = await res.text();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    } catch {
      throw providerUnavailable('authorizenet');
    }
    try {
      // Authorize.net starts its JSON answers with a byte order mark.
      return JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      throw providerUnavailable('authorizenet');
    }
  }
}

/** The invoice number of a payment: the order's increment id (or the quote's), which Authorize.net shows the seller. */
export function invoiceNumberOf(metadata: PaymentMetadata): string | undefined {
  return (metadata.orderIncrementId ?? metadata.quoteIncrementId)?.slice(0, 20);
}

/** Our metadata as userFields, which getTransactionDetails gives back. */
function userFieldsOf(metadata: PaymentMetadata): Array<{ name: string; value: string }> {
  return Object.entries(metadata)
    .filter(([, v]) => typeof v === 'string' && v !== '')
    .map(([name, value]) => ({ name, value: String(value).slice(0, 255) }));
}

/** The card's last four digits as `confirm` or `charge` recorded them (additionalData.cardLast4). */
function cardLast4(additionalData: Record<string, unknown>): string | null {
  const value = additionalData.cardLast4;
  const digits = typeof value === 'string' || typeof value === 'number' ? String(value).replace(/\D/g, '') : '';
  return digits.length >= 4 ? digits.slice(-4) : null;
}

function toCents(...amounts: Array<number | string | undefined>): number {
  for (const amount of amounts) {
    const n = Number(amount);
    if (Number.isFinite(n) && n > 0) return Math.round(n * 100);
  }
  return 0;
}
