/**
 * Attacker: "I cannot guess Alice's password or her order's e-mail, but I can keep her out: ten
 * wrong passwords from ten addresses locked her account for 15 minutes, the right password
 * included; twenty wrong e-mails from twenty addresses locked her order's lookup and split
 * payment." Strangers' failures must cost the owner at most a captcha: the per-client limits stay,
 * the right password with the captcha signs in, and the owner's own proofs (her order's token, her
 * reset link, her order's e-mail) keep working.
 *
 * @engines sqlite postgres: the sign-in throttle's counters are shared limits in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, orderPayload } from '../api/commerce-test-kit';
import { outbox, resetToken, signedUp } from '../api/my-account-test-kit';
import { INVALID_CREDENTIALS, SIGN_IN_CAPTCHA_MESSAGE } from '../services/account-service';
import { WRONG_PASSWORDS_IN_A_ROW } from '../services/account-throttle';
import { LOOKUPS_PER_MINUTE } from '../services/commerce';
import { TEST_RECAPTCHA_TOKEN } from '../services/recaptcha';
import { bearer, call, card, freshClient } from './attacker-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { scaledMs } from '../../scripts/test-calibration';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { log: 'kept' });
});
afterAll(async () => {
  await server?.stop();
});

const CAPTCHA_FIELD = { recaptchaToken: 'Please complete the reCAPTCHA verification' };
/** A request from the store's own pages. */
const fromStore = () => ({ Origin: new URL(server.url).origin });
const signIn = (body: Record<string, unknown>, from = freshClient()) => call(server.url, 'POST', '/api/my-account/login', { body, headers: fromStore(), from });

/** Ten strangers, each from an address of its own, try one wrong password each. */
async function tenStrangersGuess(email: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= WRONG_PASSWORDS_IN_A_ROW; i += 1) statuses.push((await signIn({ email, password: `Stranger-Guess-${i}` })).status);
  return statuses;
}

describe("strangers' wrong passwords", () => {
  it('ten strangers from ten addresses: the owner is asked for the captcha, and with it her right password signs in', async () => {
    const { customer: alice } = await signedUp(server.url);
    expect(await tenStrangersGuess(alice.email)).toEqual(Array(WRONG_PASSWORDS_IN_A_ROW).fill(401));

    // Her own address never guessed: the e-mail's run asks her for the captcha, and checks nothing without it.
    const home = freshClient();
    const withoutCaptcha = await signIn({ email: alice.email, password: alice.password }, home);
    expect(withoutCaptcha.status).toBe(400);
    expect(withoutCaptcha.body).toEqual({ error: 'captcha_required', message: SIGN_IN_CAPTCHA_MESSAGE, fields: CAPTCHA_FIELD });
    expect(withoutCaptcha.headers['set-cookie']).toBeUndefined();

    const withCaptcha = await signIn({ email: alice.email, password: alice.password, recaptchaToken: TEST_RECAPTCHA_TOKEN }, home);
    expect(withCaptcha.status).toBe(200);
    expect(withCaptcha.headers['set-cookie']?.[0]).toMatch(/^showroom_session=/);
    const session = (withCaptcha.body as { accessToken: string }).accessToken;
    expect((await call(server.url, 'GET', '/api/my-account/me', { headers: bearer(session) })).status).toBe(200);
    // Her success ended the run: the next sign-in needs no captcha.
    expect((await signIn({ email: alice.email, password: alice.password }, home)).status).toBe(200);
  }, scaledMs(60_000));

  it('a stranger with a solved captcha is still only guessing: a wrong password is 401 and asks for the captcha again', async () => {
    const { customer: bob } = await signedUp(server.url);
    await tenStrangersGuess(bob.email);
    const stranger = await signIn({ email: bob.email, password: 'Captcha-Solved-Guess', recaptchaToken: TEST_RECAPTCHA_TOKEN });
    expect(stranger.status).toBe(401);
    expect(stranger.body).toEqual({ error: 'invalid_credentials', message: INVALID_CREDENTIALS, fields: CAPTCHA_FIELD });
  }, scaledMs(60_000));

  it("the owner's reset link works after strangers' wrong passwords and their reset requests, and ends the captcha", async () => {
    const { customer: carol } = await signedUp(server.url);
    // The owner asks for a link; strangers then guess and ask for more links to her address.
    await call(server.url, 'POST', '/api/my-account/password-reset', { body: { email: carol.email }, headers: fromStore(), from: freshClient() });
    const token = await resetToken(server.q, carol.email);
    await tenStrangersGuess(carol.email);
    for (let i = 0; i < 5; i += 1) await call(server.url, 'POST', '/api/my-account/password-reset', { body: { email: carol.email }, headers: fromStore(), from: freshClient() });
    // The mailbox is not flooded (three e-mails an hour, the welcome included), and the first link is one of them.
    expect(await outbox(server.q, carol.email)).toHaveLength(3);

    const newPassword = 'Carols-Own-New-Password-9';
    const reset = await call(server.url, 'POST', '/api/my-account/password-reset/confirm', { body: { token, password: newPassword }, headers: fromStore(), from: freshClient() });
    expect(reset.status).toBe(200);
    // The reset is her proof: the run of strangers' guesses is over, no captcha asked.
    expect((await signIn({ email: carol.email, password: newPassword })).status).toBe(200);
  }, scaledMs(60_000));
});

describe("strangers' wrong e-mails on an order", () => {
  async function splitOrder() {
    const order = (await call(server.url, 'POST', '/api/order', { body: orderPayload(), headers: { 'Idempotency-Key': `lockout-${Date.now()}-${Math.random()}` } })).body as { id: number; accessToken: string; total: number };
    await server.q.run(server.q.db.updateTable('sales_order').set({ split_payment_enabled: 1 }).where('id', '=', order.id));
    return order;
  }

  it("thirty strangers' misses on one order leave the owner's lookup, split payment and token working", async () => {
    const order = await splitOrder();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const from = freshClient();
      statuses.push((await call(server.url, 'GET', `/api/order/${order.id}?email=guess${i}@example.com`, { from })).status);
      statuses.push((await call(server.url, 'POST', `/api/order/${order.id}/split-payment`, { body: { email: `guess${i}@example.net`, payments: [{ transactionId: 'x1', method: 'card' }] }, from })).status);
    }
    expect(new Set(statuses)).toEqual(new Set([404]));

    const owner = freshClient();
    const lookup = await call(server.url, 'GET', `/api/order/${order.id}?email=${encodeURIComponent(billing.email)}`, { from: owner });
    expect(lookup.status).toBe(200);
    expect((lookup.body as { data: { id: number } }).data.id).toBe(order.id);
    // She pays a part, proving the order by its e-mail as the split-payment page does.
    const part = await call(server.url, 'POST', '/api/payment/test/charge', { body: { ...card(), amount: 1, email: billing.email, metadata: { orderId: String(order.id) } }, from: owner });
    expect(part.status, part.text).toBeLessThan(300);
    // Her order's token opens it from anywhere.
    expect((await call(server.url, 'GET', `/api/order/view/${order.id}`, { headers: bearer(order.accessToken), from: freshClient() })).status).toBe(200);
  }, scaledMs(60_000));

  it('each client keeps its own limit: the sixth miss of one address is 429, while the owner elsewhere is served', async () => {
    const order = await splitOrder();
    const guesser = freshClient();
    const statuses: number[] = [];
    for (let i = 0; i <= LOOKUPS_PER_MINUTE; i += 1) statuses.push((await call(server.url, 'GET', `/api/order/${order.id}?email=guess${i}@example.com`, { from: guesser })).status);
    expect(statuses).toEqual([...Array(LOOKUPS_PER_MINUTE).fill(404), 429]);
    // The guesser is shut out, the right e-mail included; the owner's own proofs are not.
    expect((await call(server.url, 'GET', `/api/order/${order.id}?email=${encodeURIComponent(billing.email)}`, { from: guesser })).status).toBe(429);
    expect((await call(server.url, 'GET', `/api/order/${order.id}?email=${encodeURIComponent(billing.email)}`, { from: freshClient() })).status).toBe(200);
    expect((await call(server.url, 'GET', `/api/order/view/${order.id}`, { headers: bearer(order.accessToken), from: guesser })).status).toBe(200);
  });
});
