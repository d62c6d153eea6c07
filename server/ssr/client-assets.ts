/**
 * Reads Vite's manifest to learn the hashed names of the client entry (the island bootstrap), the
 * page's stylesheet and the chunks the entry imports statically (preloaded): the shell chunk, which
 * the client build makes of the bootstrap, the runtime and the islands every page hydrates at once
 * (vite.config.ts), and what it imports. Other islands' chunks are imported by the bootstrap when an
 * island needs them, so they are not listed here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { INVENTORY_FILE, readScriptInventory, type ScriptInventory } from '../payment-pages/script-inventory';

export interface ClientAssets {
  entry: string;
  css: string[];
  preload: string[];
  /** The payment pages' script inventory the build wrote beside the manifest (absent from a build made before it existed). */
  inventory?: ScriptInventory;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export const CLIENT_ENTRY = 'renderer/entry-client.tsx';

export function readClientAssets(clientDir: string): ClientAssets {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`${manifestPath} has no entry for ${CLIENT_ENTRY}; run npm run build`);
  const css = new Set<string>(entry.css ?? []);
  // The client build writes one stylesheet for the whole site (cssCodeSplit off): manifest key style.css.
  for (const [key, chunk] of Object.entries(manifest)) if (key.endsWith('.css')) css.add(chunk.file);
  const preload = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(`/${chunk.file}`)) return;
    preload.add(`/${chunk.file}`);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  entry.imports?.forEach(visit);
  const inventoryDir = path.join(clientDir, 'payment-pages');
  const inventory = fs.existsSync(path.join(inventoryDir, INVENTORY_FILE)) ? readScriptInventory(inventoryDir) : undefined;
  return { entry: `/${entry.file}`, css: [...css].map((c) => `/${c}`), preload: [...preload], ...(inventory ? { inventory } : {}) };
}
