/**
 * The payment pages' script inventory: every script the checkout, quote payment and split payment
 * pages can load, first party (the client build's chunks those pages reach, each with its SHA-384)
 * and third party (each gateway's SDK, by exact origin), each with its owner and the written reason
 * kept in ./script-reasons.ts. The build makes it (scripts/build-script-inventory.ts) and refuses a
 * script without a reason; the server reads it to write the pages' import map (integrity for every
 * module) and their policy (script-src lists exactly these files and origins).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PaymentGatewayName, PaymentIntegration } from '../../schemas/payment-integrations';

/** A chunk of Vite's manifest (dist/client/.vite/manifest.json), the fields read here. */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface ScriptReason {
  /** Who answers for the code (and, for a library, whose it is). */
  owner: string;
  /** Why a payment page needs it, for the seller's assessor. */
  reason: string;
  /** The gateway whose payments it serves, when only one gateway's. */
  gateway?: PaymentGatewayName;
}

export interface ThirdPartyReason extends ScriptReason {
  /** The origins it is loaded from, by the provider's environment (the live one, and its sandbox). */
  origins: { production: string; sandbox: string };
  /** The integrations that load it (payment-methods.json `integration`). */
  integrations: readonly PaymentIntegration[];
  /** Why it carries no integrity hash. */
  noIntegrity: string;
}

export interface FirstPartyScript extends ScriptReason {
  /** The path the page loads it from, e.g. /assets/CheckoutBlock-QuirZQwr.js; for an inline script, the page it is written in. */
  url: string;
  /** Written in its page (allowed by its hash in that page's policy), not a file of its own. */
  inline?: true;
  /** What it is known by in ./script-reasons.ts: its source file, or `shared:<name>` for a chunk shared by several. */
  chunk: string;
  /** Subresource Integrity: `sha384-` and the base64 digest of the file. */
  integrity: string;
  bytes: number;
}

export interface ThirdPartyScript extends ScriptReason {
  /** Exact origin, as the policy names it. */
  origin: string;
  environment: 'production' | 'sandbox';
  integrations: readonly PaymentIntegration[];
  noIntegrity: string;
}

export interface ScriptInventory {
  /** When the build made it (ISO 8601). */
  generatedAt: string;
  pages: readonly string[];
  islands: readonly string[];
  firstParty: FirstPartyScript[];
  thirdParty: ThirdPartyScript[];
}

/** The client entry's key in the manifest (server/ssr/client-assets.ts reads the same). */
export const CLIENT_ENTRY_KEY = 'renderer/entry-client.tsx';
export const PAYMENT_PAGE_NAMES = ['Checkout (/checkout)', 'Quote payment (/quote/payment)', 'Split payment (/order/split-payment)'] as const;

/** Where the build writes the inventory and its readable page. */
export const INVENTORY_FILE = 'script-inventory.json';
export const INVENTORY_PAGE = 'script-inventory.html';

/** A chunk as ./script-reasons.ts names it: its source file, or `shared:<name>` (its file name without the hash). */
export function chunkName(key: string, chunk: ManifestChunk): string {
  if (!key.startsWith('_')) return key;
  return `shared:${path.posix.basename(chunk.file).replace(/-[A-Za-z0-9_-]{8}\.js$/, '')}`;
}

/**
 * The island names of renderer/islands/client-islands.ts with the module each imports
 * (`'checkout': () => import('../blocks/checkout/CheckoutBlock')` gives renderer/blocks/checkout/CheckoutBlock),
 * read from its text so the build needs no browser module.
 */
export function islandModules(clientIslandsSource: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const m of clientIslandsSource.matchAll(/^\s*'?([a-z][\w-]*)'?:\s*\(\)\s*=>\s*import\('(\.{1,2}\/[^']+)'\)/gm)) {
    modules.set(m[1]!, path.posix.normalize(path.posix.join('renderer/islands', m[2]!)));
  }
  return modules;
}

/** The manifest key of a module path written without its extension. */
function keyOf(manifest: Manifest, modulePath: string): string | undefined {
  return ['.tsx', '.ts', '.jsx', '.js'].map((ext) => modulePath + ext).find((k) => manifest[k]);
}

/**
 * The manifest keys of every chunk a payment page can load: the entry and everything it imports,
 * statically or dynamically, except the chunks of the islands the payment pages do not hydrate
 * (the bootstrap can import any island; only `islands` are the pages'), and each of those islands'
 * chunks with everything they import (a gateway client when a customer picks it). An island bundled
 * into the shell chunk the entry imports (the header, the alerts) has no chunk of its own: the
 * entry's visit brings it.
 */
export function paymentPageChunks(manifest: Manifest, modules: ReadonlyMap<string, string>, islands: readonly string[]): { keys: string[]; problems: string[] } {
  const problems: string[] = [];
  const wanted = new Set(islands);
  const otherIslands = new Set([...modules].filter(([island]) => !wanted.has(island)).map(([, module]) => keyOf(manifest, module)));
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) return void problems.push(`the client build has no chunk ${key}`);
    seen.add(key);
    for (const k of chunk.imports ?? []) visit(k);
    for (const k of chunk.dynamicImports ?? []) if (!otherIslands.has(k)) visit(k);
  };
  visit(CLIENT_ENTRY_KEY);
  for (const island of islands) {
    const module = modules.get(island);
    if (!module) problems.push(`the island "${island}" is not in renderer/islands/client-islands.ts`);
    const key = module && keyOf(manifest, module);
    if (key) visit(key);
  }
  return { keys: [...seen].filter((k) => manifest[k]!.file.endsWith('.js')), problems };
}

export function sha384(bytes: Buffer): string {
  return `sha384-${crypto.createHash('sha384').update(bytes).digest('base64')}`;
}

export interface InventoryInput {
  manifest: Manifest;
  /** The built file's bytes, by its manifest `file` (assets/...). */
  read(file: string): Buffer;
  clientIslandsSource: string;
  islands: readonly string[];
  firstPartyReasons: Readonly<Record<string, ScriptReason>>;
  thirdParty: readonly ThirdPartyReason[];
  /** Scripts written inline in a page of the payment flow that is not built by the client (the Accept Hosted communicator). */
  inlineScripts?: readonly InlineScript[];
  now: Date;
}

export interface InlineScript {
  /** Its name in ./script-reasons.ts, `inline:<name>`. */
  chunk: string;
  /** The page it is written in. */
  page: string;
  text: string;
}

/**
 * The inventory, or the problems that refuse the build: a script of the payment pages without a
 * written reason, and a reason left for a script the pages no longer load (the file would no
 * longer say what the pages run).
 */
export function buildScriptInventory(input: InventoryInput): { inventory: ScriptInventory; problems: string[] } {
  const { keys, problems } = paymentPageChunks(input.manifest, islandModules(input.clientIslandsSource), input.islands);
  const firstParty: FirstPartyScript[] = [];
  const named = new Set<string>();
  for (const key of keys.sort()) {
    const chunk = input.manifest[key]!;
    const name = chunkName(key, chunk);
    named.add(name);
    const reason = input.firstPartyReasons[name];
    if (!reason) {
      problems.push(`${chunk.file} (${name.startsWith('shared:') ? `a chunk shared by several modules, named "${name}"` : name}) can load on the payment pages but has no reason: add "${name}" with its owner and reason to server/payment-pages/script-reasons.ts`);
      continue;
    }
    const bytes = input.read(chunk.file);
    firstParty.push({ url: `/${chunk.file}`, chunk: name, integrity: sha384(bytes), bytes: bytes.length, ...reason });
  }
  for (const script of input.inlineScripts ?? []) {
    named.add(script.chunk);
    const reason = input.firstPartyReasons[script.chunk];
    if (!reason) {
      problems.push(`the inline script of ${script.page} has no reason: add "${script.chunk}" with its owner and reason to server/payment-pages/script-reasons.ts`);
      continue;
    }
    const bytes = Buffer.from(script.text, 'utf8');
    firstParty.push({ url: script.page, chunk: script.chunk, inline: true, integrity: sha384(bytes), bytes: bytes.length, ...reason });
  }
  for (const name of Object.keys(input.firstPartyReasons)) {
    if (!named.has(name)) problems.push(`server/payment-pages/script-reasons.ts gives a reason for "${name}", which the payment pages no longer load: remove it`);
  }
  const thirdParty: ThirdPartyScript[] = input.thirdParty.flatMap(({ origins, ...rest }) =>
    (['production', 'sandbox'] as const)
      .filter((environment, i, all) => i === all.findIndex((e) => origins[e] === origins[environment]))
      .map((environment) => ({ origin: origins[environment], environment, ...rest })),
  );
  return {
    inventory: { generatedAt: input.now.toISOString(), pages: PAYMENT_PAGE_NAMES, islands: input.islands, firstParty: firstParty.sort((a, b) => (a.url < b.url ? -1 : 1)), thirdParty },
    problems,
  };
}

/** The inventory the build wrote into `dir` (dist/client/payment-pages), or an error naming the command that makes it. */
export function readScriptInventory(dir: string): ScriptInventory {
  const file = path.join(dir, INVENTORY_FILE);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build (it writes the payment pages' script inventory)`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ScriptInventory;
}
