/** The offline test gateway (the default): test card numbers like Stripe's test mode. */
import type { Database } from '../db/database';
import type { ConfirmedPayment, PaymentGateway } from './gateway';
import { paymentNotFound } from './gateway-errors';

export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const;
  constructor(private readonly database: Database) {}

  async confirm(transactionId: string): Promise<ConfirmedPayment> {
    void this.database;
    throw paymentNotFound(transactionId);
  }
}
