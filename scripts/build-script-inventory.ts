/**
 * `npm run build`'s step after the client build: the payment pages' script inventory
 * (server/payment-pages/script-inventory.ts) written to dist/client/payment-pages/ as JSON (which
 * the server reads) and as a readable page, the evidence for the seller's assessor. A script of the
 * payment pages without a written reason in server/payment-pages/script-reasons.ts fails the build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { clientDir, projectRoot } from '../server/build-output';
import { ACCEPT_HOSTED_COMMUNICATOR_PATH, COMMUNICATOR_CHUNK, COMMUNICATOR_SCRIPT } from '../server/payment-pages/accept-hosted-communicator';
import { inventoryPage } from '../server/payment-pages/evidence-page';
import { buildScriptInventory, INVENTORY_FILE, INVENTORY_PAGE, type Manifest } from '../server/payment-pages/script-inventory';
import { FIRST_PARTY_REASONS, THIRD_PARTY_REASONS } from '../server/payment-pages/script-reasons';
import { PAYMENT_PAGE_ISLANDS } from '../schemas/payment-page-blocks';

export const inventoryDir = path.join(clientDir, 'payment-pages');

export function writeScriptInventory(now = new Date()): { scripts: number; problems: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const { inventory, problems } = buildScriptInventory({
    manifest,
    read: (file) => fs.readFileSync(path.join(clientDir, file)),
    clientIslandsSource: fs.readFileSync(path.join(projectRoot, 'renderer', 'islands', 'client-islands.ts'), 'utf8'),
    islands: PAYMENT_PAGE_ISLANDS,
    firstPartyReasons: FIRST_PARTY_REASONS,
    thirdParty: THIRD_PARTY_REASONS,
    inlineScripts: [{ chunk: COMMUNICATOR_CHUNK, page: ACCEPT_HOSTED_COMMUNICATOR_PATH, text: COMMUNICATOR_SCRIPT }],
    now,
  });
  if (problems.length) return { scripts: 0, problems };
  fs.mkdirSync(inventoryDir, { recursive: true });
  fs.writeFileSync(path.join(inventoryDir, INVENTORY_FILE), `${JSON.stringify(inventory, null, 2)}\n`);
  fs.writeFileSync(path.join(inventoryDir, INVENTORY_PAGE), inventoryPage(inventory));
  return { scripts: inventory.firstParty.length + inventory.thirdParty.length, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { scripts, problems } = writeScriptInventory();
  if (problems.length) {
    console.error(`The payment pages' script inventory is refused:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`Payment pages' script inventory: ${scripts} scripts, in ${path.relative(projectRoot, inventoryDir)}/`);
}
