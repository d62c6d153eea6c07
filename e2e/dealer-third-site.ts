/**
 * A third origin serving the dealer example's very pages (same HTML, CSS, JS and Content-Security-
 * Policy), which dealers.json does not list for demo-dealer: the page a dealer publishes before the
 * store has added its origin.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { dealerDir, dealerPolicy } from '../server/dealer-app';

export interface ThirdSite {
  url: string;
  close(): Promise<void>;
}

/** `storeUrl` is read on each request: the store may start after this site. */
export async function startThirdSite(storeUrl: () => string): Promise<ThirdSite> {
  const types: Record<string, string> = { '.css': 'text/css', '.js': 'text/javascript', '.html': 'text/html; charset=utf-8' };
  const server = http.createServer((req, res) => {
    const name = req.url === '/' ? 'index.html' : (req.url ?? '').slice(1);
    const file = path.join(dealerDir, name);
    if (!file.startsWith(dealerDir + path.sep) || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const body = fs.readFileSync(file, 'utf8').replaceAll('%SHOWROOM_URL%', storeUrl()).replaceAll('%DEALER_URL%', `http://${req.headers.host}`);
    res.writeHead(200, { 'Content-Type': types[path.extname(name)] ?? 'text/plain', 'Content-Security-Policy': dealerPolicy(storeUrl()) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
