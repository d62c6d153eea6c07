/** A tiny HTTP server on 127.0.0.1, port 0, for the fake providers used in tests. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  rawQuery: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
  /** Sent as is instead of JSON (Authorize.net's byte order mark). */
  text?: string;
  headers?: Record<string, string>;
}

export interface FakeServer {
  url: string;
  /** Every request received, in order. */
  requests: FakeRequest[];
  /** Every way a request broke the provider's published contract; a test expects this to stay empty. */
  violations: string[];
  close(): Promise<void>;
}

export async function startFakeServer(handle: (request: FakeRequest, violations: string[]) => FakeResponse | Promise<FakeResponse>): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const violations: string[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      rawQuery: url.search.replace(/^\?/, ''),
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(request);
    let answer: FakeResponse;
    try {
      answer = await handle(request, violations);
    } catch (err) {
      violations.push(`${request.method} ${request.path}: the fake failed: ${(err as Error).message}`);
      answer = { status: 500, body: { error: 'fake failure' } };
    }
    res.statusCode = answer.status;
    for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
    if (answer.text !== undefined) res.end(answer.text);
    else if (answer.body === undefined) res.end();
    else {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(answer.body));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    violations,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
