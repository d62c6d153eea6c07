/**
 * The providers' OpenAPI documents live outside the work tree (../shared/providers). Contract tests
 * need them; where they are missing the tests are skipped with a visible reason, not failed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { providersDir } from './openapi-validator';

export function providersAvailable(): boolean {
  const ok = fs.existsSync(path.join(providersDir(), 'stripe', 'spec3.json')) && fs.existsSync(path.join(providersDir(), 'paypal', 'checkout_orders_v2.json'));
  if (!ok) console.warn(`Provider OpenAPI documents not found in ${providersDir()}: contract tests skipped (set SHOWROOM_PROVIDERS_DIR).`);
  return ok;
}
