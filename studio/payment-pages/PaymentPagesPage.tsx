/**
 * Payment pages (admins only): how each payment method takes the card and the PCI DSS questionnaire
 * (SAQ) that implies; the change detection's runs, with the approval of a new baseline (audited);
 * the scripts browsers blocked on the payment pages, grouped by kind; and the evidence to hand an
 * assessor. docs/payment-pages.md explains each part to the seller.
 */
import { useState } from 'react';
import { evidenceUrl, paymentPagesClient, type PaymentPageCheck, type PaymentPagesClient } from '../api/payment-pages';
import { useStudio } from '../app/studio-context';
import { Alert, ListState, PageTitle, Time, useLoad } from '../app/ui';

const SAQ_TEXT = { A: 'SAQ A', 'A-EP': 'SAQ A-EP', none: 'none (test payments only)' } as const;
const OUTCOME = { unchanged: 'Unchanged', changed: 'Changed', no_baseline: 'No baseline yet', failed: 'Could not load the pages' } as const;

function every(hours: number | null): string {
  if (hours === null) return 'The server does not run it on a schedule (PAYMENT_PAGES_CHECK_EVERY=off); run npm run payment-pages:check.';
  if (hours === 168) return 'The server runs it every week.';
  if (hours === 24) return 'The server runs it every day.';
  return `The server runs it every ${hours} hour${hours === 1 ? '' : 's'}.`;
}

function CheckChanges({ check }: { check: PaymentPageCheck }) {
  if (check.error) return <span>{check.error}</span>;
  if (check.outcome === 'no_baseline') return <span>{check.pages.length} pages recorded, nothing to compare with.</span>;
  if (check.changes.length === 0) return <span className="muted">None</span>;
  return (
    <ul className="plain-list">
      {check.changes.map((c, i) => (
        <li key={i}>
          {c.page}: {c.summary}
        </li>
      ))}
    </ul>
  );
}

export function PaymentPagesPage({ client = paymentPagesClient }: { client?: PaymentPagesClient }) {
  const { failure } = useStudio();
  const [overview, reloadOverview] = useLoad(() => client.overview(), failure, [client]);
  const [checks, reloadChecks] = useLoad(() => client.checks(), failure, [client]);
  const [violations, reloadViolations] = useLoad(() => client.violations(), failure, [client]);
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState<number | null>(null);

  const approve = async (id: number) => {
    setBusy(id);
    setAlert('');
    try {
      await client.approve(id);
      reloadChecks();
    } catch (error) {
      const message = failure(error);
      if (message) setAlert(message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <main id="main" className="page payment-pages">
      <div className="page__head">
        <PageTitle title="Payment pages">Payment pages</PageTitle>
        <p className="page__intro">What the checkout, quote payment and split payment pages load, how each payment method takes the card, and what changed.</p>
      </div>

      <section aria-labelledby="pp-methods">
        <h2 id="pp-methods">Payment methods and their SAQ</h2>
        <ListState data={overview} what="the payment methods" isEmpty={(o) => o.methods.length === 0} retry={reloadOverview} empty={<p>No payment method is defined.</p>}>
          {(o) => (
            <>
              <p>
                The questionnaire the methods in use put the store under: <strong>{SAQ_TEXT[o.storeSaq]}</strong>.
              </p>
              <table className="table table--cards">
                <thead>
                  <tr>
                    <th scope="col">Method</th>
                    <th scope="col">How the card is taken</th>
                    <th scope="col">In use</th>
                    <th scope="col">Why</th>
                  </tr>
                </thead>
                <tbody>
                  {o.methods.map((m) => (
                    <tr key={m.name}>
                      <td data-label="Method">{m.title}</td>
                      <td data-label="How the card is taken">{m.integrationLabel}</td>
                      <td data-label="In use">{!m.enabled ? 'Off' : m.configured ? 'Yes' : 'Enabled, but its keys are not set'}</td>
                      <td data-label="Why" className="cell--detail">
                        {m.why}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="muted">
                {o.inventory ? `Script inventory: ${o.inventory.firstParty.length} store files and ${o.inventory.thirdParty.length} provider origins, built on ` : 'This server’s build has no script inventory: rebuild it.'}
                {o.inventory ? <Time at={o.inventory.generatedAt} /> : null}
              </p>
            </>
          )}
        </ListState>
      </section>

      <section aria-labelledby="pp-checks">
        <h2 id="pp-checks">Change detection</h2>
        <Alert>{alert}</Alert>
        <ListState
          data={checks}
          what="the checks"
          isEmpty={(c) => c.checks.length === 0}
          retry={reloadChecks}
          empty={<p>No check has run yet. Run npm run payment-pages:check, or wait for the server’s schedule.</p>}
        >
          {(c) => (
            <>
              <p>
                {every(c.everyHours)} {c.baselineId ? `The baseline is check ${c.baselineId}.` : 'No baseline is approved yet: review the latest check and approve it.'}
              </p>
              <table className="table table--cards">
                <thead>
                  <tr>
                    <th scope="col">Check</th>
                    <th scope="col">When</th>
                    <th scope="col">Outcome</th>
                    <th scope="col">Changes</th>
                    <th scope="col">Baseline</th>
                  </tr>
                </thead>
                <tbody>
                  {c.checks.map((check) => (
                    <tr key={check.id}>
                      <td data-label="Check">
                        {check.id} <span className="muted">({check.mode === 'browser' ? 'Chromium' : 'HTML and headers'}, {check.runBy === 'schedule' ? 'scheduled' : 'command'})</span>
                      </td>
                      <td data-label="When" className="cell--nowrap">
                        <Time at={check.startedAt} />
                      </td>
                      <td data-label="Outcome">{OUTCOME[check.outcome]}</td>
                      <td data-label="Changes" className="cell--detail">
                        <CheckChanges check={check} />
                      </td>
                      <td data-label="Baseline">
                        {check.approvedAt ? (
                          <span>
                            Approved by {check.approvedBy}, <Time at={check.approvedAt} />
                          </span>
                        ) : check.outcome === 'failed' || check.outcome === 'unchanged' ? null : (
                          <button type="button" className="button button--secondary button--small" onClick={() => void approve(check.id)} aria-disabled={busy !== null || undefined}>
                            {busy === check.id ? 'Approving…' : `Approve check ${check.id} as the baseline`}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </ListState>
      </section>

      <section aria-labelledby="pp-violations">
        <h2 id="pp-violations">Scripts blocked on the payment pages</h2>
        <ListState data={violations} what="the blocked scripts" isEmpty={(v) => v.kinds.length === 0} retry={reloadViolations} empty={<p>No browser has reported a blocked script.</p>}>
          {(v) => (
            <table className="table table--cards">
              <thead>
                <tr>
                  <th scope="col">Page</th>
                  <th scope="col">What was blocked</th>
                  <th scope="col">Reports</th>
                  <th scope="col">Last seen</th>
                </tr>
              </thead>
              <tbody>
                {v.kinds.map((k) => (
                  <tr key={k.id}>
                    <td data-label="Page">{k.page}</td>
                    <td data-label="What was blocked" className="cell--detail">
                      {k.label}
                    </td>
                    <td data-label="Reports">{k.count}</td>
                    <td data-label="Last seen" className="cell--nowrap">
                      <Time at={k.lastSeenAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </ListState>
      </section>

      <section aria-labelledby="pp-evidence">
        <h2 id="pp-evidence">Evidence for your assessor</h2>
        <p>The script inventory with each script’s reason and hash, each method’s SAQ, each page’s headers, the checks and their approvals, and the blocked scripts, dated today.</p>
        <p>
          <a className="button button--secondary" href={evidenceUrl('html')} download>
            Download the evidence (web page)
          </a>{' '}
          <a className="button button--secondary" href={evidenceUrl('json')} download>
            Download the evidence (JSON)
          </a>
        </p>
      </section>
    </main>
  );
}
