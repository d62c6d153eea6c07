/** The money pages' status views: the loading line (also the server's render of their blocks) and the thank-you. */
import type { ReactNode } from 'react';

export function LoadingStatus() {
  return (
    <p className="sr-status" role="status">
      Loading...
    </p>
  );
}

/** The whole page while it loads: what the server renders for the block, so hydration matches. */
export function PageLoading({ pageClassName }: { pageClassName: string }) {
  return (
    <div className={pageClassName} part="page" aria-busy="true">
      <LoadingStatus />
    </div>
  );
}

/** The in-element success view (no success URL given): the thanks, then what was paid. */
export function PaidThankYou({ children }: { children: ReactNode }) {
  return (
    <div className="sr-done" part="success" role="status">
      <h2>Thank you for your payment</h2>
      <p>{children}</p>
    </div>
  );
}
