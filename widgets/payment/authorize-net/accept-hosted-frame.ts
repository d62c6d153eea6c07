/**
 * Accept Hosted in a frame of the payment page: what the page hears from Authorize.net's form. The
 * form cannot speak to a page of another origin, so it frames the store's iframe communicator
 * (server/payment-pages/accept-hosted-communicator.ts), which relays the form's messages here by
 * postMessage. A message counts only when it comes from this page's own origin and from a window
 * framed by this page's frame of the form: anything else (another site, another frame of the
 * page, the page itself) is ignored. Even then it only tells the page what to ask the store: a
 * transaction it names is read from Authorize.net by the server before anything is recorded.
 */

/** Authorize.net's messages (query strings: `action=resizeWindow&width=…&height=…` ...), as the page reads them. */
export type HostedFormMessage =
  | { action: 'resizeWindow'; height: number }
  | { action: 'cancel' }
  | { action: 'successfulSave' }
  | { action: 'transactResponse'; transId: string };

/** The form's height is the form's to say, within what a page can show. */
const MIN_HEIGHT = 200;
const MAX_HEIGHT = 3000;

/** `response=` carries JSON, sent as is or percent-encoded: everything after it is the JSON. */
function responseOf(text: string): Record<string, unknown> | null {
  const at = text.indexOf('response=');
  if (at === -1) return null;
  const raw = text.slice(at + 'response='.length);
  for (const decode of [(t: string) => t, decodeURIComponent]) {
    try {
      const parsed: unknown = JSON.parse(decode(raw));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // not this form of it
    }
  }
  return null;
}

/** One of Authorize.net's messages, or null for anything else. */
export function parseHostedFormMessage(data: unknown): HostedFormMessage | null {
  if (typeof data !== 'string') return null;
  const action = /^action=([A-Za-z]+)/.exec(data)?.[1];
  switch (action) {
    case 'resizeWindow': {
      const height = Number(/[?&]height=(\d+(?:\.\d+)?)/.exec(`&${data}`)?.[1]);
      return Number.isFinite(height) && height > 0 ? { action, height: Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(height))) } : null;
    }
    case 'cancel':
    case 'successfulSave':
      return { action };
    case 'transactResponse': {
      const transId = responseOf(data)?.transId;
      const id = typeof transId === 'number' ? String(transId) : transId;
      return typeof id === 'string' && /^\d{1,20}$/.test(id) && id !== '0' ? { action, transId: id } : null;
    }
    default:
      return null;
  }
}

/** Whether a message event was relayed by the store's communicator inside `frame` (the form's frame of this page). */
export function relayedFrom(event: MessageEvent, frame: HTMLIFrameElement | null, ownOrigin: string): boolean {
  const form = frame?.contentWindow;
  const source = event.source as Window | null;
  if (!form || !source || event.origin !== ownOrigin || source === form) return false;
  try {
    return source.parent === form;
  } catch {
    return false;
  }
}

/** The browsing context name the token's form targets: one per mounted entry. */
let frames = 0;
export function newFrameName(): string {
  frames += 1;
  return `sr-accept-hosted-${frames}`;
}
