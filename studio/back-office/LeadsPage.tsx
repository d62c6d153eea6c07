/** The back office's leads screen (issue 21). */
import { PageTitle } from '../app/ui';

export function LeadsPage({ id }: { id: number | null }) {
  void id;
  return (
    <main id="main" className="page">
      <PageTitle title="Leads">Leads</PageTitle>
    </main>
  );
}
