/**
 * What the order and quote services need from the gateways (server/gateways): the confirmed state
 * of a payment, straight from the provider. Re-exported so services depend on the shape only.
 */
export type { ConfirmedPayment, GatewayName, PaymentStatus } from '../gateways/gateway';
import type { ConfirmedPayment } from '../gateways/gateway';

/** Confirms a payment with the gateway that took it. */
export type ConfirmPayment = (gateway: string, transactionId: string) => Promise<ConfirmedPayment>;
