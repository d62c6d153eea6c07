/** The back office's orders screen (issue 21). */
import { PageTitle } from '../app/ui';

export function OrdersPage({ id }: { id: number | null }) {
  void id;
  return (
    <main id="main" className="page">
      <PageTitle title="Orders">Orders</PageTitle>
    </main>
  );
}
