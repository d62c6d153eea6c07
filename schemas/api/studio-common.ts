/**
 * What every studio contract shares (./studio.ts, and the back office's ./back-office-*.ts): the
 * operator's session as the security scheme, the 401 and 403 every gated route may answer, and the
 * small shapes their requests repeat (an object body, a numeric id in the path, a "done" answer).
 */
import { errorSchema } from './endpoint';

export const operatorSession = ['operatorSession'] as const;

export const text = { type: 'string' } as const;
export const NOT_AN_OBJECT = 'The request body must be a JSON object.';
export const REQUIRED = 'This field is required';

/** `{success: true, message}`: an action with nothing more to say. */
export const done = { type: 'object', required: ['success', 'message'], additionalProperties: false, properties: { success: { const: true }, message: text } } as const;

/** The refusals of the gate (server/studio/operator-gate.ts) every signed-in route may give. */
export const denied = {
  401: { ...errorSchema, description: 'Not signed in to the studio (a customer session is not an operator)' },
  403: { ...errorSchema, description: 'The role does not allow it, or a write from a foreign Origin' },
} as const;

/** Path parameters `{id}`: a positive whole number; anything else is the `notFound` message. */
export function idParam<const M extends string>(notFound: M) {
  return { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,14}$', 'x-message': notFound } } } as const;
}

/** A JSON object body with these properties (none other), `required` of them present. */
export function objectBody<const P extends Record<string, unknown>, const R extends readonly (keyof P & string)[] = []>(properties: P, required?: R) {
  return { type: 'object', 'x-message': NOT_AN_OBJECT, additionalProperties: false, required: (required ?? []) as R, properties } as const;
}
