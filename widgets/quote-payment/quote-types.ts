/** A quote as `GET /api/quote` answers it (server/services/quote-service.ts, QuoteService.view). */
import type { PurchaseSummary } from '../payment-summary/summary-types';

export interface QuoteView extends PurchaseSummary {
  id: number;
  quoteIncrementId: string;
  poNumber: string;
  status: string;
  splitPaymentEnabled: boolean;
  minimumSplitAmount: number;
  /** Set once the quote was converted: it cannot be paid again. */
  orderId?: number | null;
}

/** The order `POST /api/quote/convertToOrder` answers (the fields this page reads). */
export interface ConvertedOrder {
  id: number;
  orderIncrementId: string;
  total: number;
  paidAmount: number;
  remainingBalance: number;
}
