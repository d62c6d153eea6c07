/**
 * The script inventory's rules on a small client build: which chunks a payment page reaches, the
 * build refused for a script without a reason (and for a reason left over), the integrity of each
 * file, and the third-party origins of each environment.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAYMENT_PAGE_ISLANDS } from '../../schemas/payment-page-blocks';
import { projectRoot } from '../build-output';
import { buildScriptInventory, islandModules, paymentPageChunks, sha384, type Manifest } from './script-inventory';

const ISLANDS_SOURCE = `
const shell = {
  header: () => import('../layout/Header').then((m) => m.Header),
};
const blocks = {
  'banner-slider': () => import('../blocks/BannerSlider').then((m) => m.BannerSlider),
  checkout: () => import('../blocks/checkout/CheckoutBlock').then((m) => m.CheckoutBlock),
};`;

const manifest: Manifest = {
  'renderer/entry-client.tsx': { file: 'assets/entry-client-AAAAAAAA.js', isEntry: true, imports: ['_preact.module-BBBBBBBB.js'], dynamicImports: ['renderer/layout/Header.tsx', 'renderer/blocks/BannerSlider.tsx', 'renderer/blocks/checkout/CheckoutBlock.tsx'] },
  '_preact.module-BBBBBBBB.js': { file: 'assets/preact.module-BBBBBBBB.js', name: 'preact.module' },
  'renderer/layout/Header.tsx': { file: 'assets/Header-CCCCCCCC.js', imports: ['_preact.module-BBBBBBBB.js'] },
  'renderer/blocks/BannerSlider.tsx': { file: 'assets/BannerSlider-DDDDDDDD.js' },
  'renderer/blocks/checkout/CheckoutBlock.tsx': { file: 'assets/CheckoutBlock-EEEEEEEE.js', imports: ['_payment.css-FFFFFFFF.js'] },
  '_payment.css-FFFFFFFF.js': { file: 'assets/payment.css-FFFFFFFF.js', name: 'payment.css', dynamicImports: ['widgets/payment/stripe/StripeEntry.tsx'] },
  'widgets/payment/stripe/StripeEntry.tsx': { file: 'assets/StripeEntry-GGGGGGGG.js' },
  'style.css': { file: 'assets/style-HHHHHHHH.css' },
};
const bytes = (file: string) => Buffer.from(`/* ${file} */`);
const reason = { owner: 'Showroom', reason: 'needed' };
const reasons = {
  'renderer/entry-client.tsx': reason,
  'shared:preact.module': reason,
  'renderer/layout/Header.tsx': reason,
  'renderer/blocks/checkout/CheckoutBlock.tsx': reason,
  'shared:payment.css': reason,
  'widgets/payment/stripe/StripeEntry.tsx': { ...reason, gateway: 'stripe' as const },
};
const input = { manifest, read: bytes, clientIslandsSource: ISLANDS_SOURCE, islands: ['header', 'checkout'], firstPartyReasons: reasons, thirdParty: [], now: new Date('2026-01-15T10:00:00Z') };

describe('the payment pages script inventory', () => {
  it('reaches the entry, the pages islands and what they load when a gateway is chosen, never the other islands nor stylesheets', () => {
    const { keys, problems } = paymentPageChunks(manifest, islandModules(ISLANDS_SOURCE), ['header', 'checkout']);
    expect(problems).toEqual([]);
    expect(keys.sort()).toEqual(['_payment.css-FFFFFFFF.js', '_preact.module-BBBBBBBB.js', 'renderer/blocks/checkout/CheckoutBlock.tsx', 'renderer/entry-client.tsx', 'renderer/layout/Header.tsx', 'widgets/payment/stripe/StripeEntry.tsx']);
  });

  it('lists each first-party file with its SHA-384, owner and reason', () => {
    const { inventory, problems } = buildScriptInventory(input);
    expect(problems).toEqual([]);
    const stripe = inventory.firstParty.find((s) => s.chunk === 'widgets/payment/stripe/StripeEntry.tsx')!;
    expect(stripe).toMatchObject({ url: '/assets/StripeEntry-GGGGGGGG.js', gateway: 'stripe', owner: 'Showroom', reason: 'needed' });
    expect(stripe.integrity).toBe(`sha384-${crypto.createHash('sha384').update(bytes('assets/StripeEntry-GGGGGGGG.js')).digest('base64')}`);
    expect(inventory.generatedAt).toBe('2026-01-15T10:00:00.000Z');
  });

  it('refuses a script without a reason, naming the file, what it is and where to write the reason', () => {
    const { ['shared:payment.css']: _gone, ...fewer } = reasons;
    const { problems } = buildScriptInventory({ ...input, firstPartyReasons: fewer });
    expect(problems).toEqual([
      'assets/payment.css-FFFFFFFF.js (a chunk shared by several modules, named "shared:payment.css") can load on the payment pages but has no reason: add "shared:payment.css" with its owner and reason to server/payment-pages/script-reasons.ts',
    ]);
  });

  it('refuses a reason for a script the pages no longer load', () => {
    const { problems } = buildScriptInventory({ ...input, firstPartyReasons: { ...reasons, 'renderer/blocks/BannerSlider.tsx': reason } });
    expect(problems).toEqual(['server/payment-pages/script-reasons.ts gives a reason for "renderer/blocks/BannerSlider.tsx", which the payment pages no longer load: remove it']);
  });

  it('lists an inline script of a page of the payment flow by that page, with the SHA-384 of its text, and refuses it without a reason', () => {
    const inlineScripts = [{ chunk: 'inline:communicator', page: '/payment/communicator', text: 'relay()' }];
    const { inventory, problems } = buildScriptInventory({ ...input, inlineScripts, firstPartyReasons: { ...reasons, 'inline:communicator': reason } });
    expect(problems).toEqual([]);
    expect(inventory.firstParty.find((s) => s.chunk === 'inline:communicator')).toEqual({ url: '/payment/communicator', chunk: 'inline:communicator', inline: true, integrity: sha384(Buffer.from('relay()')), bytes: 7, owner: 'Showroom', reason: 'needed' });
    expect(buildScriptInventory({ ...input, inlineScripts }).problems).toEqual([
      'the inline script of /payment/communicator has no reason: add "inline:communicator" with its owner and reason to server/payment-pages/script-reasons.ts',
    ]);
  });

  it('lists a third-party script once per origin: one entry when the sandbox shares the live origin', () => {
    const common = { integrations: ['accept-js' as const], owner: 'Authorize.net', reason: 'tokenises', noIntegrity: 'redeployed' };
    const { inventory } = buildScriptInventory({
      ...input,
      thirdParty: [
        { ...common, origins: { production: 'https://js.authorize.net', sandbox: 'https://jstest.authorize.net' } },
        { ...common, origins: { production: 'https://js.stripe.com', sandbox: 'https://js.stripe.com' } },
      ],
    });
    expect(inventory.thirdParty.map((s) => [s.origin, s.environment])).toEqual([
      ['https://js.authorize.net', 'production'],
      ['https://jstest.authorize.net', 'sandbox'],
      ['https://js.stripe.com', 'production'],
    ]);
  });

  it('finds every payment page island in the real island registry', () => {
    const modules = islandModules(fs.readFileSync(path.join(projectRoot, 'renderer/islands/client-islands.ts'), 'utf8'));
    for (const island of PAYMENT_PAGE_ISLANDS) expect(modules.get(island), island).toMatch(/^renderer\//);
    expect(modules.get('checkout')).toBe('renderer/blocks/checkout/CheckoutBlock');
  });

  it('hashes as the browser checks: sha384- and the base64 digest', () => {
    expect(sha384(Buffer.from('alert(1)'))).toBe('sha384-HT2E9NfWiuQ/w1PRai+hTyqW16NIoCGA/m8VQDUopfAtcz6YQjtsMmQd5uRbVDpW');
  });
});
