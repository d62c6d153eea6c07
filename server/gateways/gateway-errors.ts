/** The 4xx answers every gateway gives, with the specification's words where it has them. */
import { ApiError } from '../http/api-error';
import type { GatewayName } from './gateway';

/** A gateway without keys in the environment: the checkout's 'Payment method not available'. */
export function gatewayNotConfigured(name: GatewayName): ApiError {
  return new ApiError(400, 'gateway_not_configured', 'Payment method not available', undefined, { gateway: name });
}

/** The provider knows no such payment. */
export function paymentNotFound(transactionId: string): ApiError {
  return new ApiError(404, 'payment_not_found', 'Payment not found.', undefined, { transactionId });
}

/** The provider could not be reached or answered with an error we cannot pass on. */
export function providerUnavailable(name: GatewayName, message = 'An error occurred while processing your payment. Please try again.'): ApiError {
  return new ApiError(502, 'provider_error', message, undefined, { gateway: name });
}
