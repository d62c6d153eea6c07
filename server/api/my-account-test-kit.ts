/**
 * Helpers for the account tests (their servers keep the log, `startTestServer({}, { log: 'kept' })`,
 * to search it for secrets): a cookie-carrying client that sends the store's Origin like its own
 * pages do, sign-up and sign-in, and reading the outbox.
 */
import type { Queries } from '../db/queries';
import { api, type JsonResponse } from './commerce-test-kit';

/** Every answer a Browser received (path and body text), for the tests that search answers for secrets. */
export const answers: { method: string; path: string; text: string }[] = [];

export { freePort } from '../testing/free-port';

/** A browser on the store's own pages: keeps the session cookie and sends the store's Origin. */
export class Browser {
  cookie: string | undefined;
  setCookies: string[] = [];

  constructor(
    readonly base: string,
    /** The Origin header sent; null sends none (an API client, or a request that lost it). */
    public origin: string | null = new URL(base).origin,
  ) {}

  async call<T = Record<string, any>>(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
    const res = await api<T>(this.base, method, pathname, body, {
      ...(this.origin ? { Origin: this.origin } : {}),
      ...(this.cookie ? { Cookie: this.cookie } : {}),
      ...headers,
    });
    answers.push({ method, path: pathname, text: typeof res.body === 'string' ? res.body : JSON.stringify(res.body) });
    const set = res.headers.getSetCookie();
    if (set.length) this.setCookies = set;
    for (const c of set) {
      const [pair] = c.split(';');
      const value = pair!.slice(pair!.indexOf('=') + 1);
      this.cookie = value ? pair : undefined;
    }
    return res;
  }
}

let counter = 0;

export function newCustomer(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `customer${counter}.${process.pid}@example.com`,
    password: `Kitchen-Cabinets-${counter}-Oak`,
    firstName: 'Casey',
    lastName: 'Builder',
    phone: '512-555-0142',
    ...overrides,
  } as { email: string; password: string; firstName: string; lastName: string; phone?: string };
}

/** Registers and signs in: the browser holds the cookie; the access token is returned too. */
export async function signedUp(base: string, overrides: Record<string, unknown> = {}) {
  const customer = newCustomer(overrides);
  const browser = new Browser(base);
  const reg = await browser.call('POST', '/api/my-account/register', customer);
  if (reg.status !== 202) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await browser.call('POST', '/api/my-account/login', { email: customer.email, password: customer.password });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return { customer, browser, accessToken: login.body.accessToken as string, customerId: login.body.data.customer.id as number };
}

export function outbox(q: Queries, recipient: string) {
  return q.all(q.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', recipient).orderBy('id'));
}

/** The reset link's token from the newest reset e-mail to this address. */
export async function resetToken(q: Queries, recipient: string): Promise<string> {
  const mail = (await outbox(q, recipient)).filter((m) => m.type === 'password-reset').at(-1);
  const token = mail && /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset e-mail to ${recipient}`);
  return token;
}

export const savedAddress = {
  type: 'shipping',
  firstName: 'Casey',
  lastName: 'Builder',
  company: 'Builder and Sons',
  street1: '400 Congress Ave',
  street2: 'Suite 200',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  countryId: 'US',
  phoneNumber: '(512) 555-0142',
};
