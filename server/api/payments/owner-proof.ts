/**
 * What a payment request presents as proof that its caller owns the order or quote it names
 * (ARCHITECTURE.md, "Money and trust"): the bearer token of the Authorization header (an order's
 * access token or a quote's link token), or, for the split-payment page, the order's e-mail as
 * `email` in the JSON body, checked under the order lookup's rate limits. Ids in the body, and
 * provider ids such as a PaymentIntent or a PayPal order id, prove nothing.
 */
import type { Context } from 'koa';
import type { OwnerProof } from '../../services/payment-service';
import { normalizedOrRaw } from '../../services/email-address';
import { presentedToken } from '../read-json';

const MAX_EMAIL = 254;

/** The client whose budget an e-mail check spends: the address Koa reports for the request. */
export function clientKey(ctx: Context): string {
  return ctx.ip.slice(0, 64);
}

export function ownerProof(ctx: Context, body: Record<string, unknown>): OwnerProof {
  const email = typeof body.email === 'string' && body.email.trim() !== '' && body.email.length <= MAX_EMAIL ? normalizedOrRaw(body.email) : undefined;
  return { token: presentedToken(ctx), email, client: clientKey(ctx) };
}
