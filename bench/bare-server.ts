/**
 * The baseline of bench/scale.ts: a bare Koa handler in a process of its own, as each Showroom
 * server is. Prints one JSON line with its URL; stops on SIGTERM.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { ok: true };
});
const server = http.createServer(app.callback());
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`);

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
