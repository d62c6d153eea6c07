/**
 * The headers a reverse proxy, load balancer or CDN adds to say the request came from someone
 * else. Proxies differ in which they set (nginx's examples use X-Real-IP, Akamai and Cloudflare's
 * Enterprise plan True-Client-IP, Cloudflare CF-Connecting-IP, AWS and others X-Forwarded-*, the
 * standard is Forwarded, and every HTTP/1.1 proxy should add Via), so a check for "was this
 * forwarded?" must know them all: a proxy on the same machine makes every request look local.
 */
import type { IncomingHttpHeaders } from 'node:http';

const PROXY_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'cf-connecting-ipv6',
  'x-client-ip',
  'x-cluster-client-ip',
  'fastly-client-ip',
  'client-ip',
  'x-original-forwarded-for',
  'x-proxyuser-ip',
  'x-envoy-external-address',
]);

/** The name of the first proxy header the request carries (any X-Forwarded-* counts), or undefined. */
export function proxyHeaderOf(headers: IncomingHttpHeaders): string | undefined {
  // Node lower-cases header names.
  return Object.keys(headers).find((name) => name.startsWith('x-forwarded-') || PROXY_HEADERS.has(name));
}
