/**
 * The e-mail an operator may send with a status change ("E-mail the customer"): the order's new
 * status in the words the customer's account uses, the operator's comment, and where to follow the
 * order (the account's order page when the order belongs to an account).
 */
import { statusBadge } from '../../schemas/status-labels';
import { noticeMail, type RenderedMail } from '../mail/mail-templates';

export interface StatusMailOrder {
  incrementId: string;
  firstName: string;
  /** The order belongs to a customer account: the mail links to its page there. */
  hasAccount: boolean;
}

export function renderOrderStatusMail(order: StatusMailOrder, status: string, comment: string, publicUrl: string): RenderedMail {
  const label = statusBadge(status).label;
  const link = order.hasAccount ? { href: new URL(`/my-account/orders/${encodeURIComponent(order.incrementId)}`, publicUrl).href, text: `See order #${order.incrementId} in your account` } : undefined;
  return noticeMail(
    `Order #${order.incrementId}: ${label}`,
    [`Hello ${order.firstName},`, `Your order #${order.incrementId} is now ${label.toLowerCase()}.`, ...(comment.trim() ? [comment.trim()] : []), 'Thank you for shopping with us.'],
    link,
  );
}
