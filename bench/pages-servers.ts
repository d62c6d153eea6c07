/**
 * The servers of the page benchmark, in their own process so the load generator does not share
 * their event loop: a bare Koa handler returning a static string (the baseline) and Showroom itself.
 * Prints one JSON line with their URLs and that of a tiny server answering this process's CPU time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { startTestServer } from '../server/testing/test-server';

const bare = new Koa();
bare.use((ctx) => {
  ctx.body = 'Hello from a bare Koa handler';
});
const bareServer = http.createServer(bare.callback());
await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));

// A second baseline answering a static string as long as a page (28 kB): the load generator's own
// cost grows with the bytes it reads, so this one shows Showroom's overhead apart from page size.
const bigString = `<!doctype html><p>${'Kitchen cabinets. '.repeat(1600)}</p>`;
const bareBig = new Koa();
bareBig.use((ctx) => {
  ctx.type = 'text/html';
  ctx.body = bigString;
});
const bareBigServer = http.createServer(bareBig.callback());
await new Promise<void>((resolve) => bareBigServer.listen(0, '127.0.0.1', resolve));
const showroom = await startTestServer(process.env.CONTENT_DIR ? { CONTENT_DIR: process.env.CONTENT_DIR } : {});

// This process's CPU time so far, for the bench to take the difference across one target's run:
// CPU time per request holds up on a busy machine, where requests per second swing with the load.
const cpuServer = http.createServer((_req, res) => {
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(process.cpuUsage()));
});
await new Promise<void>((resolve) => cpuServer.listen(0, '127.0.0.1', resolve));

const urlOf = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
process.stdout.write(`${JSON.stringify({ bare: urlOf(bareServer), bareBig: urlOf(bareBigServer), showroom: showroom.url, cpu: urlOf(cpuServer) })}\n`);

const stop = async () => {
  bareServer.close();
  bareBigServer.close();
  cpuServer.close();
  await showroom.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
