/**
 * Processed webhook events, unique per provider and event id: a provider that delivers an event
 * twice (they all retry) gets it handled once. Recording a payment is idempotent anyway (by
 * providerReference); this also makes side effects of other event kinds run once.
 */
import type { Queries } from '../db/queries';
import { nowIso } from './request-input';

/**
 * True the first time an event is seen (and records it); false for a repeat delivery. The unique
 * constraint on (provider, event_id) decides: of two deliveries at once, on any servers, one insert
 * stores the row and the other changes nothing.
 */
export async function firstDelivery(q: Queries, provider: string, eventId: string): Promise<boolean> {
  const stored = await q.run(
    q.db
      .insertInto('processed_webhook_event')
      .values({ provider, event_id: eventId, processed_at: nowIso() })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing()),
  );
  return stored === 1;
}
