/**
 * The two screens the visual journeys check a page at (a phone and a laptop), and where their
 * screenshots go: test-results/screenshots, or SCREENSHOTS_DIR (`npm run screenshots` sets it to
 * docs/screenshots).
 */
import path from 'node:path';

export const PHONE_AND_LAPTOP = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

export const screenshotsDir = path.resolve(process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots');
