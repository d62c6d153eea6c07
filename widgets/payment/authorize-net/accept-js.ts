/**
 * Authorize.net's Accept.js in the browser: loading the script from the method's `acceptJsUrl`
 * (one script tag per page, however many entries ask) and turning card fields into a payment nonce
 * with `Accept.dispatchData`, in Authorize.net's published shapes
 * (https://developer.authorize.net/api/reference/features/acceptjs.html). The card goes from here
 * to Authorize.net only; the store receives the opaque data.
 */

export interface AcceptAuthData {
  clientKey: string;
  apiLoginID: string;
}

export interface AcceptCardData {
  cardNumber: string;
  month: string;
  year: string;
  cardCode?: string;
  zip?: string;
  fullName?: string;
}

export interface AcceptMessage {
  code: string;
  text: string;
}

export interface AcceptResponse {
  opaqueData?: { dataDescriptor: string; dataValue: string };
  messages: { resultCode: 'Ok' | 'Error'; message: AcceptMessage[] };
}

export interface AcceptJs {
  dispatchData(secureData: { authData: AcceptAuthData; cardData: AcceptCardData }, callback: (response: AcceptResponse) => void): void;
}

declare global {
  interface Window {
    Accept?: AcceptJs;
  }
}

export const ACCEPT_JS_LOAD_FAILED = 'The secure card entry (Accept.js) could not be loaded. Please check your connection and reload the page.';
/** A failed tokenisation says the gateway's messages joined, or this when it gave none. */
export const TOKENISATION_FAILED = 'Payment Error';
/** How long Accept.js may take to answer before the attempt is given up (it normally takes a second). */
export const DISPATCH_TIMEOUT_MS = 60_000;

const loads = new Map<string, Promise<AcceptJs>>();

/**
 * Loads Accept.js once per URL. A failed load forgets its script tag, so a later attempt (after
 * the connection came back) tries again instead of waiting on a dead tag.
 */
export function loadAcceptJs(url: string, doc: Document = document): Promise<AcceptJs> {
  const win = doc.defaultView as (Window & typeof globalThis) | null;
  if (win?.Accept) return Promise.resolve(win.Accept);
  const known = loads.get(url);
  if (known) return known;
  const loading = new Promise<AcceptJs>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = url;
    script.charset = 'utf-8';
    script.async = true;
    script.dataset.showroom = 'accept-js';
    const fail = () => {
      loads.delete(url);
      script.remove();
      reject(new Error(ACCEPT_JS_LOAD_FAILED));
    };
    script.addEventListener('load', () => (win?.Accept ? resolve(win.Accept) : fail()));
    script.addEventListener('error', fail);
    // Accept.js looks for itself among the document's scripts, so it goes in the document, not a shadow root.
    doc.head.appendChild(script);
  });
  loads.set(url, loading);
  return loading;
}

export class AcceptJsRefusal extends Error {
  constructor(
    message: string,
    readonly messages: AcceptMessage[],
  ) {
    super(message);
    this.name = 'AcceptJsRefusal';
  }
}

/** The card as a payment nonce; an 'Error' answer rejects with Authorize.net's messages joined. */
export function dispatchCard(accept: AcceptJs, authData: AcceptAuthData, cardData: AcceptCardData, timeoutMs = DISPATCH_TIMEOUT_MS): Promise<{ dataDescriptor: string; dataValue: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Accept.js did not answer.')), timeoutMs);
    try {
      accept.dispatchData({ authData, cardData }, (response) => {
        clearTimeout(timer);
        const messages = Array.isArray(response?.messages?.message) ? response.messages.message : [];
        if (response?.messages?.resultCode === 'Ok' && response.opaqueData?.dataDescriptor && response.opaqueData.dataValue) {
          resolve({ dataDescriptor: response.opaqueData.dataDescriptor, dataValue: response.opaqueData.dataValue });
          return;
        }
        const text = messages.map((m) => m.text).filter(Boolean).join(' ');
        reject(new AcceptJsRefusal(text || TOKENISATION_FAILED, messages));
      });
    } catch (err) {
      clearTimeout(timer);
      reject(err);
    }
  });
}

/** Forgets loaded scripts (tests). */
export function resetAcceptJsLoads(): void {
  loads.clear();
}
