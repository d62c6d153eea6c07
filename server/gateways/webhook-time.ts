/**
 * How far a webhook's own date may be from this server's clock. Stripe signs its timestamp and its
 * library refuses one older than five minutes (its default tolerance), but takes one from any
 * future; a signed event dated ahead could be kept and replayed for as long as that date lies ahead.
 * The same five minutes hold every provider's date in the future (Stripe's signed `t`, PayPal's
 * `paypal-transmission-time`, Authorize.net's `eventDate`); the past is left to each provider's own
 * rule (Stripe's library; PayPal and Authorize.net retry a delivery for days with its first date).
 */
import { ApiError } from '../http/api-error';

/** Stripe's default tolerance, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const WEBHOOK_FROM_THE_FUTURE = "The webhook is dated more than five minutes ahead of this server's clock.";

/** Refuses a webhook dated beyond the tolerance ahead of `nowMs`; a date that does not parse is left to the signature. */
export function refuseFutureWebhook(sentAtMs: number, nowMs = Date.now()): void {
  if (Number.isFinite(sentAtMs) && sentAtMs - nowMs > WEBHOOK_TOLERANCE_SECONDS * 1000) {
    throw new ApiError(400, 'webhook_from_the_future', WEBHOOK_FROM_THE_FUTURE);
  }
}

/** The signed timestamp of a Stripe-Signature header (`t=…`), in milliseconds; NaN when absent. */
export function stripeSignatureTime(header: string): number {
  const t = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header);
  return t ? Number(t[1]) * 1000 : Number.NaN;
}
