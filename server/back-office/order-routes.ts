/**
 * The back office's orders (schemas/api/back-office-orders.ts): the list (./order-list-query.ts),
 * the detail (./order-detail.ts) and an operator's changes (./order-actions.ts). The gate answers
 * first (401 without an operator session, 403 for a viewer's write or a foreign Origin), so a caller
 * who is not an operator learns nothing of the request's shape; then the contract; every change
 * goes to the audit log.
 */
import type Router from '@koa/router';
import {
  ORDER_LIST_DEFAULT_LIMIT,
  orderDetailEndpoint,
  orderListEndpoint,
  orderResendConfirmationEndpoint,
  orderStatusEndpoint,
  overpaymentRefundedEndpoint,
} from '../../schemas/api/back-office-orders';
import { toDollars } from '../../schemas/money';
import { readJson } from '../api/read-json';
import { checkRequest } from '../http/contract';
import type { OperatorGate } from '../studio/operator-gate';
import type { StudioDeps } from '../studio/studio-deps';
import { markOverpaymentRefunded } from '../orders/refunds';
import { operatorOrderNotFound as orderNotFound } from '../orders/status-changes';
import { dealerView, orderDetail, type DealerNames } from './order-detail';
import { listOrders } from './order-list-query';

export function backOfficeOrderRoutes(api: Router, deps: StudioDeps, gate: OperatorGate): void {
  const q = deps.database.q;
  // The dealers of the content being served (dealers.json), read at each request: a publish may change them.
  const dealerNames: DealerNames = (id) => deps.live.current().dealers.find((d) => d.id === id)?.name ?? null;
  const detail = async (orderId: number) => {
    const found = await orderDetail(q, orderId, dealerNames);
    if (!found) throw orderNotFound();
    return found;
  };

  api.get(orderListEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'viewer');
    const { query } = checkRequest(orderListEndpoint, ctx);
    const page = await listOrders(q, { ...query, limit: query.limit === undefined ? ORDER_LIST_DEFAULT_LIMIT : Number(query.limit) });
    ctx.body = {
      success: true,
      data: {
        orders: page.rows.map((r) => ({
          id: r.id,
          incrementId: r.incrementId,
          createdAt: r.createdAt,
          status: r.status,
          customerName: `${r.firstName} ${r.lastName}`.trim(),
          email: r.email,
          dealer: dealerView(r.dealerOrigin, dealerNames),
          total: toDollars(r.totalCents),
          paid: toDollars(r.paidCents),
          paymentState: r.paymentState,
        })),
        next: page.next,
      },
    };
  });

  api.get(orderDetailEndpoint.path, async (ctx) => {
    await gate.require(ctx, 'viewer');
    const { params } = checkRequest(orderDetailEndpoint, ctx);
    ctx.body = { success: true, data: await detail(Number(params.id)) };
  });

  api.post(orderStatusEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'editor');
    const { params, body } = checkRequest(orderStatusEndpoint, ctx, await readJson(ctx));
    const orderId = Number(params.id);
    const { from, to } = await deps.commerce.orders.moveStatusByOperator(orderId, { status: body.status, comment: body.comment, notifyCustomer: body.notifyCustomer ?? false });
    await gate.audit(ctx, operator, 'order.status', `order ${orderId}: ${from} -> ${to}${body.notifyCustomer ? ' (customer e-mailed)' : ''}${body.comment.trim() ? `: ${body.comment.trim().slice(0, 200)}` : ''}`);
    ctx.body = { success: true, data: await detail(orderId) };
  });

  api.post(orderResendConfirmationEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'editor');
    const { params } = checkRequest(orderResendConfirmationEndpoint, ctx);
    const orderId = Number(params.id);
    const recipient = await deps.commerce.orders.resendConfirmationByOperator(orderId);
    await gate.audit(ctx, operator, 'order.resend_confirmation', `order ${orderId} to ${recipient}`);
    ctx.body = { success: true, message: `The confirmation is on its way to ${recipient}.` };
  });

  api.post(overpaymentRefundedEndpoint.path, async (ctx) => {
    const operator = await gate.require(ctx, 'editor');
    const { params } = checkRequest(overpaymentRefundedEndpoint, ctx);
    const orderId = Number(params.id);
    const amountCents = await markOverpaymentRefunded(q, orderId, Number(params.overpaymentId));
    await gate.audit(ctx, operator, 'order.overpayment_refunded', `order ${orderId}, overpayment ${params.overpaymentId}: ${toDollars(amountCents).toFixed(2)} refunded`);
    ctx.body = { success: true, data: await detail(orderId) };
  });
}
