/** The back office's subscribers screen (issue 21). */
import { PageTitle } from '../app/ui';

export function SubscribersPage() {
  return (
    <main id="main" className="page">
      <PageTitle title="Subscribers">Subscribers</PageTitle>
    </main>
  );
}
