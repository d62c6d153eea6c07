/**
 * The back office's refunds (schemas/api/back-office-refunds.ts): an editor asks, a publisher or an
 * admin carries out or turns down (or asks and carries out at once), admins export the payments and
 * refunds of a period. The orders module decides and writes (server/orders/refunds.ts); every
 * request, carrying out, refusal and failure goes into the audit log.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { overpaymentRefundEndpoint, paymentsExportEndpoint, REFUND_AMOUNT_MESSAGE, REFUND_AMOUNT_OR_LINES, refundCarryOutEndpoint, refundRefuseEndpoint, refundRequestEndpoint, waitingRefundsEndpoint } from '../../schemas/api/back-office-refunds';
import { formatMoney, toDollars } from '../../schemas/money';
import { readJson } from '../api/read-json';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import { paymentsCsv } from '../orders/payments-export';
import { carryOutRefund, refundOverpayment, refuseRefund, requestRefund, type RefundResult, type RefundsDeps } from '../orders/refunds';
import { operatorOrderNotFound } from '../orders/status-changes';
import type { OperatorGate, SignedInOperator } from '../studio/operator-gate';
import type { StudioDeps } from '../studio/studio-deps';
import { orderDetail, type DealerNames } from './order-detail';

/** Dollars with at most two decimals as whole cents; a fractional cent is refused. */
function centsOf(amount: number): number {
  const cents = Math.round(amount * 100);
  if (Math.abs(cents - amount * 100) > 1e-6 || cents <= 0) throw new ApiError(400, 'validation_failed', REFUND_AMOUNT_MESSAGE, { amount: REFUND_AMOUNT_MESSAGE });
  return cents;
}

export function backOfficeRefundRoutes(api: Router, deps: StudioDeps, gate: OperatorGate): void {
  const q = deps.database.q;
  const refunds: RefundsDeps = { q, mail: { mail: deps.commerce.mail, publicUrl: deps.publicUrl }, gateways: deps.gateways };
  const dealerNames: DealerNames = (id) => deps.live.current().dealers.find((d) => d.id === id)?.name ?? null;
  const detail = async (orderId: number) => {
    const found = await orderDetail(q, orderId, dealerNames);
    if (!found) throw operatorOrderNotFound();
    return found;
  };

  /** The audit line of what a refund command did, then the answer: the order with its refunds. */
  async function answer(ctx: Context, operator: SignedInOperator, orderId: number, result: RefundResult, status = 200): Promise<void> {
    const r = result.refund;
    const what = `order ${orderId}, refund ${r.id} of ${formatMoney(toDollars(r.amount_cents))} (${r.reason})`;
    if (result.created) await gate.audit(ctx, operator, 'order.refund_requested', `${what}${r.note ? `: ${r.note.slice(0, 200)}` : ''}`);
    if (result.carriedOut) {
      if (r.status === 'failed') await gate.audit(ctx, operator, 'order.refund_failed', `${what}: ${r.failure_message ?? ''}`);
      else await gate.audit(ctx, operator, 'order.refund_carried_out', `${what}: ${r.kind} ${r.status}${r.provider_reference ? ` ${r.provider_reference}` : ''}`);
    }
    ctx.status = status;
    ctx.body = { success: true, data: await detail(orderId) };
  }

  api.post(refundRequestEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'editor');
    const { params, body } = checkRequest(refundRequestEndpoint, ctx, await readJson(ctx));
    // Carrying out is a publisher's: the gate is asked again before anything is stored.
    if (body.carryOut) await gate.require(ctx, 'publisher');
    const orderId = Number(params.id);
    // By line (the store computes the money) or by amount (goodwill): one of the two.
    if (body.lines === undefined && body.amount === undefined) throw new ApiError(400, 'validation_failed', REFUND_AMOUNT_OR_LINES, { amount: REFUND_AMOUNT_OR_LINES, lines: REFUND_AMOUNT_OR_LINES });
    if (body.lines !== undefined && body.amount !== undefined) throw new ApiError(400, 'validation_failed', REFUND_AMOUNT_OR_LINES, { amount: REFUND_AMOUNT_OR_LINES });
    const asked = await requestRefund(
      q,
      {
        orderId,
        paymentId: body.paymentId,
        amountCents: body.amount === undefined ? 0 : centsOf(body.amount),
        ...(body.lines ? { lines: body.lines } : {}),
        currency: body.currency ?? 'USD',
        reason: body.reason,
        note: body.note?.trim() || null,
        requestKey: ctx.get('Idempotency-Key') || null,
      },
      { email: operator.email },
    );
    const result = body.carryOut && asked.refund.status === 'requested' ? { ...(await carryOutRefund(refunds, orderId, asked.refund.id, { email: operator.email }, { sameRequest: !asked.created })), created: asked.created } : asked;
    await answer(ctx, operator, orderId, result, asked.created ? 201 : 200);
  });

  api.post(refundCarryOutEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'publisher');
    const { params } = checkRequest(refundCarryOutEndpoint, ctx);
    const orderId = Number(params.id);
    await answer(ctx, operator, orderId, await carryOutRefund(refunds, orderId, Number(params.refundId), { email: operator.email }));
  });

  api.post(refundRefuseEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'publisher');
    const { params, body } = checkRequest(refundRefuseEndpoint, ctx, await readJson(ctx));
    const orderId = Number(params.id);
    const { refund } = await refuseRefund(q, orderId, Number(params.refundId), body.comment, { email: operator.email });
    await gate.audit(ctx, operator, 'order.refund_refused', `order ${orderId}, refund ${refund.id} of ${formatMoney(toDollars(refund.amount_cents))}: ${body.comment.trim().slice(0, 200)}`);
    ctx.body = { success: true, data: await detail(orderId) };
  });

  api.post(overpaymentRefundEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'publisher');
    const { params } = checkRequest(overpaymentRefundEndpoint, ctx);
    const orderId = Number(params.id);
    const result = await refundOverpayment(refunds, orderId, Number(params.overpaymentId), ctx.get('Idempotency-Key') || null, { email: operator.email });
    await answer(ctx, operator, orderId, { ...result, created: true });
  });

  // Only those who may carry a refund out are told how many wait (the studio's navigation).
  api.get(waitingRefundsEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'publisher');
    checkRequest(waitingRefundsEndpoint, ctx);
    ctx.set('Cache-Control', 'no-store');
    const row = await q.first(q.db.selectFrom('payment_refund').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'requested'));
    ctx.body = { success: true, data: { count: Number(row?.n ?? 0) } };
  });

  api.get(paymentsExportEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'admin');
    const { query } = checkRequest(paymentsExportEndpoint, ctx);
    if (query.to < query.from) throw new ApiError(400, 'validation_failed', 'The end date is before the start date.', { to: 'The end date is before the start date.' });
    const { csv, rows } = await paymentsCsv(q, query.from, query.to);
    await gate.audit(ctx, operator, 'payments.export', `payments and refunds ${query.from} to ${query.to}: ${rows} rows`);
    ctx.attachment(`payments-${query.from}-${query.to}.csv`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = csv;
  });
}
