/**
 * Reading a payment request its contract already checked (schemas/api/payments.ts, through
 * checkRequest): the types, lengths and patterns are the schema's; here only what a schema cannot
 * say or do: the values made usable ('' is no value, an id is a string, an amount a number), and
 * the rules of more than one field or of knowledge outside the request (the e-mail look-alikes),
 * answered in the same 400 `{error, message, fields}` shape.
 */
import type { Context } from 'koa';
import type { Endpoint } from '../../../schemas/api/endpoint';
import { ApiError } from '../../http/api-error';
import { checkRequest, type CheckedRequest } from '../../http/contract';
import { PAYMENT_METADATA_KEYS, type PaymentMetadata } from '../../gateways/gateway';
import { emailAddressProblem } from '../../services/email-address';

/** A checked optional text: trimmed, and '' (or nothing) is no value. */
export function present(value: string | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

/** A split amount the contract let through (a positive number or its digits): a number. */
export function requestedAmount(value: number | string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  return typeof value === 'number' ? value : Number(value);
}

/** The checked ISO currency, upper-case. */
export function currencyOf(value: string | undefined): string | undefined {
  return present(value)?.toUpperCase();
}

type IdSource = Partial<Record<(typeof PAYMENT_METADATA_KEYS)[number], string | number>> | undefined;

/**
 * Our metadata keys from the first source that has each key (`metadata`, then a nested place, then
 * the top level where it names ours). Unknown keys are dropped: a provider only carries the keys we know.
 */
export function metadataOf(...sources: IdSource[]): PaymentMetadata {
  const out: PaymentMetadata = {};
  for (const key of PAYMENT_METADATA_KEYS) {
    for (const source of sources) {
      const value = present(source?.[key]);
      if (value !== undefined) {
        out[key] = value;
        break;
      }
    }
  }
  return out;
}

/** What a schema cannot say, collected so one 400 names every problem. */
export class PaymentRules {
  readonly fields: Record<string, string> = {};

  fail(name: string, message: string): void {
    if (!this.fields[name]) this.fields[name] = message;
  }

  /** The one e-mail rule of the store (look-alikes such as gmial.com refused), for an address the schema let through. */
  email(name: string, value: string | undefined): string | undefined {
    const address = present(value);
    if (address === undefined) return undefined;
    const problem = emailAddressProblem(address);
    if (problem) {
      this.fail(name, problem);
      return undefined;
    }
    return address;
  }

  /** Throws the collected problems as one 400. */
  check(message = 'Form validation failed. Please check your information.'): void {
    if (Object.keys(this.fields).length) throw new ApiError(400, 'invalid_request', message, this.fields);
  }
}

/** Keys a payment already carries cannot be pointed elsewhere: a paid intent never moves to another order. */
export function mergeMetadata(existing: PaymentMetadata, incoming: PaymentMetadata): PaymentMetadata {
  for (const key of PAYMENT_METADATA_KEYS) {
    const before = existing[key];
    const after = incoming[key];
    if (before && after && before !== after) {
      throw new ApiError(409, 'metadata_conflict', 'This payment already belongs to another order.', { [`metadata.${key}`]: 'Cannot be changed' });
    }
  }
  return { ...existing, ...incoming };
}

/**
 * The request checked against its contract, for a gateway that may have no keys on this server
 * (`unavailable` is its refusal, or null when it is configured). Without keys, that refusal is the
 * answer whatever the request (nothing the caller changes would help), with the request's own field
 * problems beside it when it has any.
 */
export function checkForGateway<E extends Endpoint>(contract: E, ctx: Context, body: unknown, unavailable: (() => ApiError) | null): CheckedRequest<E> {
  let checked: CheckedRequest<E>;
  try {
    checked = checkRequest(contract, ctx, body);
  } catch (err) {
    if (!unavailable || !(err instanceof ApiError)) throw err;
    const refusal = unavailable();
    throw new ApiError(refusal.status, refusal.code, refusal.message, err.fields, refusal.extra);
  }
  if (unavailable) throw unavailable();
  return checked;
}
