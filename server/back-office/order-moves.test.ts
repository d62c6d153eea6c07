import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_TRANSITIONS } from '../orders/order-status';
import { operatorMoves } from './order-moves';

describe('operatorMoves', () => {
  it('offers the moves of the state machine an operator makes by hand', () => {
    expect(operatorMoves('ordered')).toEqual(['processing', 'holded', 'canceled']);
    expect(operatorMoves('processing')).toEqual(['shipped', 'complete', 'holded', 'canceled']);
    expect(operatorMoves('shipped')).toEqual(['complete']);
    expect(operatorMoves('holded')).toEqual(['ordered', 'processing', 'canceled']);
    expect(operatorMoves('complete')).toEqual(['closed']);
  });

  it('never offers a payment-driven status, nor ordered to an unpaid order', () => {
    expect(operatorMoves('pending')).toEqual(['canceled']);
    expect(operatorMoves('pending_payment')).toEqual(['canceled']);
    expect(operatorMoves('partially_paid')).toEqual(['canceled']);
    for (const from of ORDER_STATUSES) {
      for (const to of operatorMoves(from)) {
        expect(ORDER_TRANSITIONS[from]).toContain(to);
        expect(['pending', 'pending_payment', 'partially_paid']).not.toContain(to);
      }
    }
  });

  it('offers nothing from a final status or an unknown one', () => {
    expect(operatorMoves('canceled')).toEqual([]);
    expect(operatorMoves('closed')).toEqual([]);
    expect(operatorMoves('nonsense')).toEqual([]);
  });
});
