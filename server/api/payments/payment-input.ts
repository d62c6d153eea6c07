/**
 * Checks a payment request's fields one by one, collecting every problem, so a bad request gets one
 * 400 with `{error, message, fields}` naming all of them, and nothing unchecked reaches a provider.
 */
import { ApiError } from '../../http/api-error';
import { PAYMENT_METADATA_KEYS, type PaymentMetadata } from '../../gateways/gateway';
import { emailAddressProblem } from '../../services/email-address';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;
const ID = /^[A-Za-z0-9_\-.:]{1,100}$/;

export class PaymentInput {
  readonly fields: Record<string, string> = {};

  constructor(readonly body: Record<string, unknown>) {}

  private fail(name: string, message: string): undefined {
    if (!this.fields[name]) this.fields[name] = message;
    return undefined;
  }

  string(name: string, options: { required?: boolean; max?: number; pattern?: RegExp; from?: Record<string, unknown>; label?: string } = {}): string | undefined {
    const source = options.from ?? this.body;
    const raw = source[name];
    if (raw === undefined || raw === null || raw === '') {
      return options.required ? this.fail(options.label ?? name, 'This field is required') : undefined;
    }
    if (typeof raw !== 'string' && typeof raw !== 'number') return this.fail(options.label ?? name, 'Must be a string');
    const value = String(raw).trim();
    if (value.length > (options.max ?? 255)) return this.fail(options.label ?? name, `Must be at most ${options.max ?? 255} characters`);
    if (options.pattern && !options.pattern.test(value)) return this.fail(options.label ?? name, 'Is not valid');
    return value;
  }

  id(name: string, required = false, from?: Record<string, unknown>, label?: string): string | undefined {
    return this.string(name, { required, pattern: ID, max: 100, ...(from ? { from } : {}), ...(label ? { label } : {}) });
  }

  email(name: string, from?: Record<string, unknown>, label?: string): string | undefined {
    const value = this.string(name, { max: 254, ...(from ? { from } : {}), label: label ?? name });
    // The one e-mail rule (look-alikes refused), and the providers' stricter lengths.
    const problem = value === undefined ? null : (emailAddressProblem(value) ?? (EMAIL.test(value) ? null : 'Invalid email address'));
    if (problem) return this.fail(label ?? name, problem);
    return value;
  }

  /** A dollar amount the browser asks to pay; only a request, checked against the due amount later. */
  amount(name = 'amount'): number | undefined {
    const raw = this.body[name];
    if (raw === undefined || raw === null || raw === '') return undefined;
    const value = typeof raw === 'string' && /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isFinite(value)) return this.fail(name, 'Must be a valid number');
    if (value <= 0) return this.fail(name, 'Payment amount must be greater than 0');
    if (value > 10_000_000) return this.fail(name, 'Must be a valid number');
    return value;
  }

  currency(name = 'currency'): string | undefined {
    const value = this.string(name, { max: 3, pattern: /^[A-Za-z]{3}$/ });
    return value?.toUpperCase();
  }

  object(name: string, from?: Record<string, unknown>): Record<string, unknown> | undefined {
    const raw = (from ?? this.body)[name];
    if (raw === undefined || raw === null) return undefined;
    if (typeof raw !== 'object' || Array.isArray(raw)) return this.fail(name, 'Must be an object');
    return raw as Record<string, unknown>;
  }

  stringList(name: string, pattern: RegExp, max = 20): string[] | undefined {
    const raw = this.body[name];
    if (raw === undefined || raw === null) return undefined;
    if (!Array.isArray(raw) || raw.length > max || raw.some((v) => typeof v !== 'string' || !pattern.test(v))) {
      return this.fail(name, 'Must be a list of payment method types');
    }
    return raw as string[];
  }

  /**
   * Our metadata keys from `metadata` (or the given object), plus orderId / quoteId given at the top
   * level unless `topLevel` is false (where the top-level `orderId` is the provider's, as in PayPal's
   * update). Unknown keys are dropped: a provider only ever carries the keys we know.
   */
  metadata(source: Record<string, unknown> | undefined = this.object('metadata'), topLevel = true): PaymentMetadata {
    const out: PaymentMetadata = {};
    for (const key of PAYMENT_METADATA_KEYS) {
      const value = (source && this.id(key, false, source, `metadata.${key}`)) ?? (topLevel ? this.id(key) : undefined);
      if (value !== undefined) out[key] = value;
    }
    return out;
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
