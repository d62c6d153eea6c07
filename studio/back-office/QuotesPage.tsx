/** The back office's quotes screen (issue 21). */
import { PageTitle } from '../app/ui';

export function QuotesPage({ id }: { id: number | 'new' | null }) {
  void id;
  return (
    <main id="main" className="page">
      <PageTitle title="Quotes">Quotes</PageTitle>
    </main>
  );
}
