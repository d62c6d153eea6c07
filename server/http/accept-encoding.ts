/**
 * Content-coding negotiation (RFC 9110 §12.5.3): which of the codings a response is available in
 * does the request's Accept-Encoding accept, and which is best.
 *
 * Written here rather than taken from Koa's ctx.acceptsEncodings (negotiator) because that one
 * breaks ties between equal q-values by the client's order, and browsers list gzip before br
 * ("gzip, deflate, br, zstd"): we want the smaller brotli whenever the client accepts it as well.
 */

/** The codings the server can send; `identity` is the unencoded bytes. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Our preference when the client's q-values tie: the smallest first. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/** One Accept-Encoding entry: a coding name in lower case (or `*`) and its q-value. */
export interface AcceptEncodingEntry {
  coding: string;
  q: number;
}

const Q_VALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The entries of an Accept-Encoding header. An entry whose q-value is malformed is left out (a
 * client that cannot write a q-value is not trusted to mean it); `x-gzip` is gzip (RFC 9110 §8.4.1.3).
 */
export function parseAcceptEncoding(header: string): AcceptEncodingEntry[] {
  const entries: AcceptEncodingEntry[] = [];
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=').map((s) => s.trim());
      if (key.toLowerCase() !== 'q') continue;
      if (!Q_VALUE.test(value)) valid = false;
      else q = Number(value);
    }
    if (!valid) continue;
    const coding = name.toLowerCase();
    entries.push({ coding: coding === 'x-gzip' ? 'gzip' : coding, q });
  }
  return entries;
}

/**
 * The best coding for a response available in `available` (identity is always available) given
 * the request's Accept-Encoding:
 * - no header: identity (RFC 9110 allows any coding, but old clients that send none may not decode);
 * - a coding's q is its own entry's, else that of `*`, else 0 (not acceptable);
 * - identity is acceptable unless `identity;q=0`, or `*;q=0` without an identity entry; when not
 *   listed it ranks below every coding the client listed;
 * - the highest q wins; ties go br, then gzip, then identity;
 * - when nothing is acceptable (`identity;q=0, br;q=0` on a file that has no gzip), identity anyway:
 *   RFC 9110 lets the server send it rather than refuse with 406.
 */
export function chooseEncoding(header: string | undefined, available: readonly ContentCoding[]): ContentCoding {
  if (header === undefined) return 'identity';
  const entries = parseAcceptEncoding(header);
  const qOf = (coding: string): number | undefined => {
    // The highest q given to this coding, should a client list it twice.
    const listed = entries.filter((e) => e.coding === coding);
    return listed.length ? Math.max(...listed.map((e) => e.q)) : undefined;
  };
  const star = qOf('*');
  let best: ContentCoding = 'identity';
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (coding !== 'identity' && !available.includes(coding)) continue;
    let q = qOf(coding) ?? star;
    // An unlisted identity is acceptable but least preferred: just above "not acceptable".
    if (coding === 'identity' && q === undefined) q = 0.0001;
    if (q !== undefined && q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}
