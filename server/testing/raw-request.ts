/**
 * An HTTP request whose answer is read as the bytes on the wire: Node's fetch decodes gzip and
 * brotli bodies by itself and normalises the path (`/a/../b` becomes `/b`), so tests of content
 * coding and of path traversal use this instead.
 */
import http from 'node:http';
import zlib from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent, still encoded. */
  body: Buffer;
}

export function rawRequest(baseUrl: string, rawPath: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      // `path` goes out exactly as given: no URL parsing, no dot-segment removal.
      { host: url.hostname, port: url.port, path: rawPath, method: opts.method ?? 'GET', headers: opts.headers ?? {}, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body decoded according to its Content-Encoding (none, gzip or br). */
export function decodedBody(res: RawResponse): Buffer {
  const coding = res.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(res.body);
  if (coding === 'gzip') return zlib.gunzipSync(res.body);
  if (coding === undefined) return res.body;
  throw new Error(`unexpected Content-Encoding ${coding}`);
}
