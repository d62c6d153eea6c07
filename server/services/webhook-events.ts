/**
 * Processed webhook events, unique per provider and event id: a provider that delivers an event
 * twice (they all retry) gets it handled once. Recording a payment is idempotent anyway (by
 * providerReference); this also makes side effects of other event kinds run once.
 */
import type { SyncQueries } from '../db/sync-query';
import { nowIso } from './request-input';

/** True the first time an event is seen (and records it); false for a repeat delivery. */
export function firstDelivery(q: SyncQueries, provider: string, eventId: string): boolean {
  return q.transaction(() => {
    const seen = q.firstBy(
      'webhook-event',
      (p: string, e: string) => q.db.selectFrom('processed_webhook_event').select('id').where('provider', '=', p).where('event_id', '=', e),
      provider,
      eventId,
    );
    if (seen) return false;
    q.insert('processed_webhook_event', { provider, event_id: eventId, processed_at: nowIso() });
    return true;
  });
}
