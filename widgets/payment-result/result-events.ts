/**
 * The payment events of a finished redirect (widgets/showroom-events.ts): `showroom:payment-completed`
 * with the server's amount and balance, or `showroom:payment-failed` with the message shown. Never
 * card data: only the order number, amounts and the method's name.
 */
import { emitShowroomEvent } from '../showroom-events';
import type { RedirectedPaymentResult } from './complete-redirected-payment';

export function emitRedirectedPaymentEvent(from: EventTarget | null, result: RedirectedPaymentResult): void {
  if (result.kind === 'success') {
    emitShowroomEvent(from, 'showroom:payment-completed', {
      orderNumber: result.orderNumber,
      amount: result.amount,
      method: result.method,
      remainingBalance: result.remainingBalance,
    });
  } else {
    emitShowroomEvent(from, 'showroom:payment-failed', {
      ...(result.orderNumber ? { orderNumber: result.orderNumber } : {}),
      method: result.method,
      message: result.reason,
    });
  }
}
