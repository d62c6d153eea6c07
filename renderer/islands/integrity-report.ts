/**
 * On a payment page, a first-party module the browser refused because it no longer matches its
 * SHA-384 (the import map's `integrity`, server/payment-pages/payment-page-policy.ts) is reported to
 * the store: the policy allows the file's address, so the policy itself reports nothing. When a
 * module fails to load, each store module the page fetched is hashed as the browser received it
 * (from its cache) and compared; only a real mismatch is reported, not a network failure.
 */

/** The event the island bootstrap sends when an island's chunk did not load (./bootstrap.ts). */
export const ISLAND_FAILED_EVENT = 'showroom:island-failed';
const REPORT_PATH = '/api/payment-pages/reports';

function base64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function watchModuleIntegrity(doc: Document = document): void {
  const map = doc.querySelector('script[type="importmap"]');
  if (!map || !crypto.subtle) return;
  let integrity: Record<string, string>;
  try {
    integrity = (JSON.parse(map.textContent || '{}') as { integrity?: Record<string, string> }).integrity ?? {};
  } catch {
    return;
  }
  const reported = new Set<string>();
  const check = async () => {
    const fetched = performance.getEntriesByType('resource').map((e) => new URL(e.name, location.href));
    for (const url of fetched) {
      const expected = url.origin === location.origin ? integrity[url.pathname] : undefined;
      if (!expected || reported.has(url.pathname)) continue;
      reported.add(url.pathname);
      const bytes = await fetch(url.pathname, { cache: 'force-cache' }).then((r) => r.arrayBuffer(), () => null);
      if (!bytes || `sha384-${base64(await crypto.subtle.digest('SHA-384', bytes))}` === expected) continue;
      const report = [{ type: 'integrity-violation', url: location.href, user_agent: navigator.userAgent, body: { documentURL: location.href, blockedURL: url.href, destination: 'script', reportOnly: false } }];
      void fetch(REPORT_PATH, { method: 'POST', headers: { 'Content-Type': 'application/reports+json' }, body: JSON.stringify(report), keepalive: true }).catch(() => undefined);
    }
  };
  const onFailure = () => void check();
  window.addEventListener('vite:preloadError', onFailure);
  window.addEventListener(ISLAND_FAILED_EVENT, onFailure);
}
