/**
 * What a page costs a visitor before any interaction, measured in Chromium: every script and
 * stylesheet it requests from /assets/ until its due islands have hydrated and the network is
 * quiet, each sized as gzip -9 of the built file. The size budget test and bench/client-size.ts
 * both measure with this.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface PageWeight {
  /** gzip bytes of the JavaScript requested before any interaction. */
  js: number;
  /** gzip bytes of the stylesheets. */
  css: number;
  scripts: string[];
  stylesheets: string[];
}

export interface Viewport {
  width: number;
  height: number;
}

export const PHONE: Viewport = { width: 390, height: 844 };
export const DESKTOP: Viewport = { width: 1440, height: 900 };

export function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

export async function measurePageWeight(browser: Browser, url: string, clientDir: string, viewport: Viewport): Promise<PageWeight> {
  // A fresh context: nothing cached, no consent cookie (the banner is there, as for a first visit).
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/assets/')) return;
    if (pathname.endsWith('.js')) scripts.add(pathname);
    else if (pathname.endsWith('.css')) stylesheets.add(pathname);
  });
  await page.goto(url);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.waitForLoadState('networkidle');
  await context.close();
  const size = (files: Set<string>) => [...files].reduce((sum, f) => sum + gzipSize(path.join(clientDir, f)), 0);
  return { js: size(scripts), css: size(stylesheets), scripts: [...scripts], stylesheets: [...stylesheets] };
}
