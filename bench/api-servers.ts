/**
 * The servers of the API benchmark, in their own process so the load generator does not share their
 * event loop: a bare Koa handler (the baseline) and Showroom itself (fresh SQLite file, default
 * settings) with one quote and its payment link. Prints one JSON line with what the bench needs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { openDatabase } from '../server/db/database';
import { QuoteService } from '../server/services/quote-service';
import { startTestServer } from '../server/testing/test-server';
import { storeQuote } from '../server/api/commerce-test-kit';

const bare = new Koa();
bare.use((ctx) => {
  ctx.body = { ok: true };
});
const bareServer = http.createServer(bare.callback());
await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));

const showroom = await startTestServer(process.env.CONTENT_DIR ? { CONTENT_DIR: process.env.CONTENT_DIR } : {});
const database = openDatabase(showroom.databaseUrl);
const quotes = new QuoteService(database.q, showroom.url);
const quote = await storeQuote(quotes);
const link = await quotes.issueLink(quote.id);
await database.close();

process.stdout.write(`${JSON.stringify({ bare: `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`, showroom: showroom.url, quoteId: quote.id, token: link.token })}\n`);

const stop = async () => {
  bareServer.close();
  await showroom.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
