/**
 * What every screen of the studio reads: the API client (a test hands in a fake), the signed-in
 * operator, and what to do when a call finds the session gone.
 */
import { createContext, useContext } from 'react';
import { OPERATOR_ROLES, type OperatorRole } from '../../schemas/api/studio';
import { StudioApiError, studioClient, type Operator, type StudioClient } from '../api/studio-client';

export interface Studio {
  client: StudioClient;
  operator: Operator | null;
  /** After sign-in (the operator) or sign-out (null). */
  setOperator(operator: Operator | null): void;
  /**
   * A call's refusal: a 401 means the session ended (back to sign-in, returning here afterwards);
   * returns the message to show for anything else.
   */
  failure(error: unknown): string;
}

export const StudioContext = createContext<Studio>({
  client: studioClient,
  operator: null,
  setOperator: () => {},
  failure: messageOf,
});

export const useStudio = () => useContext(StudioContext);

export function messageOf(error: unknown): string {
  if (error instanceof StudioApiError) return error.message;
  if (error instanceof Error && error.name === 'AbortError') return '';
  return 'The studio could not reach the server. Check the connection and try again.';
}

/** Each role includes the ones before it: viewer, editor, publisher, admin. */
export function atLeast(operator: Operator | null, role: OperatorRole): boolean {
  return operator !== null && OPERATOR_ROLES.indexOf(operator.role) >= OPERATOR_ROLES.indexOf(role);
}

export const ROLE_LABEL: Record<OperatorRole, string> = {
  viewer: 'Viewer',
  editor: 'Editor',
  publisher: 'Publisher',
  admin: 'Admin',
};

export const ROLE_HINT: Record<OperatorRole, string> = {
  viewer: 'reads files, previews, history, orders, quotes, leads and subscribers',
  editor: 'also drafts changes, changes order and lead statuses, makes quotes, asks for refunds',
  publisher: 'also publishes and restores, carries out or turns down refunds',
  admin: 'also manages operators, exports leads, subscribers and payments, removes subscribers, reads the audit log',
};
