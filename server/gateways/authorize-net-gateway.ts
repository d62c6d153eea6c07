/**
 * Authorize.net's JSON API: Accept.js opaque data (the card never reaches us) to
 * createTransactionRequest, getTransactionDetailsRequest for `confirm`, and the X-ANET-Signature
 * check of webhooks. Its JSON mirrors an XML schema and is read in order, so every object below is
 * built in the element order of AnetApiSchema.xsd (insertion order is JSON order).
 */
import crypto from 'node:crypto';
import { ApiError } from '../http/api-error';
import type { ConfirmedPayment, PaymentGateway, PaymentMetadata } from './gateway';
import type { AuthorizeNetConfig } from './gateway-config';
import { paymentNotFound, providerUnavailable } from './gateway-errors';
import { pickMetadata } from './payment-metadata';
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

export interface AnetTransactionResponse {
  responseCode?: string;
  authCode?: string;
  transId?: string;
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
    const invoiceNumber = (request.metadata.orderIncrementId ?? request.metadata.quoteIncrementId)?.slice(0, 20);
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
    const userField = Object.entries(request.metadata)
      .filter(([, v]) => typeof v === 'string' && v !== '')
      .map(([name, value]) => ({ name, value: String(value).slice(0, 255) }));
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

  async confirm(transactionId: string): Promise<ConfirmedPayment> {
    if (!/^\d{1,20}$/.test(transactionId)) throw paymentNotFound(transactionId);
    const answer = (await this.post({ getTransactionDetailsRequest: { merchantAuthentication: this.auth(), transId: transactionId } })) as {
      transaction?: {
        transId: string;
        responseCode: number | string;
        transactionStatus?: string;
        authAmount?: number | string;
        settleAmount?: number | string;
        payment?: { creditCard?: { cardNumber?: string; cardType?: string } };
        userFields?: { userField?: Array<{ name: string; value: string }> } | Array<{ name: string; value: string }>;
      };
      messages?: AnetMessages;
    };
    const t = answer.transaction;
    if (!t) {
      if (answer.messages?.message?.some((m) => m.code === 'E00040' || m.code === 'E00011')) throw paymentNotFound(transactionId);
      throw providerUnavailable('authorizenet');
    }
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
