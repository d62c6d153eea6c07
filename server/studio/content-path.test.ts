import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { definitionPath, listDefinitionFiles, listImages } from './content-path';
import { inertPreview, isScriptUrl } from './content-preview';

let dir: string;
let outside: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-content-path-'));
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-content-outside-'));
  fs.mkdirSync(path.join(dir, 'pages'));
  fs.mkdirSync(path.join(dir, 'images', 'styles'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'site.json'), '{}');
  fs.writeFileSync(path.join(dir, 'pages', 'home.json'), '{}');
  fs.writeFileSync(path.join(dir, 'images', 'styles', 'door.svg'), '<svg/>');
  fs.writeFileSync(path.join(outside, 'x.json'), '{}');
  // A folder of the layout that is a link out of the content folder, and a file that is one.
  fs.symlinkSync(outside, path.join(dir, 'popups'));
  fs.symlinkSync(path.join(outside, 'x.json'), path.join(dir, 'pages', 'link.json'));
  fs.symlinkSync(path.join(outside, 'missing.json'), path.join(dir, 'pages', 'dangling.json'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(outside, { recursive: true, force: true });
});

function refusal(value: unknown, field = 'path'): Record<string, string> | undefined {
  try {
    definitionPath(dir, value, field);
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) return err.fields;
    throw err;
  }
  return undefined;
}

describe('definitionPath', () => {
  it('takes a place where a kind of definition lives, with its schema, existing or not', () => {
    expect(definitionPath(dir, 'pages/home.json', 'path')).toEqual({ path: 'pages/home.json', schema: 'page' });
    expect(definitionPath(dir, 'pages/new.json', 'path')).toEqual({ path: 'pages/new.json', schema: 'page' });
    expect(definitionPath(dir, 'catalog/styles/x.json', 'path')).toEqual({ path: 'catalog/styles/x.json', schema: 'product-style' });
  });

  it('refuses anything else, naming the field', () => {
    for (const bad of ['../x.json', 'pages/../site.json', '/site.json', 'pages//home.json', './site.json', 'pages\\home.json', '%2e%2e/x.json', 'C:/x.json', 'images/x.json', 'pages/a/b.json', 'notes.json', '', 42, null]) {
      expect(refusal(bad, 'paths.3'), String(bad)).toEqual({ 'paths.3': expect.any(String) });
    }
  });

  it('refuses a path through a link that leads out of the folder (a folder, a file, a dangling link)', () => {
    expect(refusal('popups/x.json')).toBeDefined();
    expect(refusal('popups/new.json')).toBeDefined();
    expect(refusal('pages/link.json')).toBeDefined();
    expect(refusal('pages/dangling.json')).toBeDefined();
  });

  it('lists only the files the studio may open, and the images as definitions name them', () => {
    expect(listDefinitionFiles(dir)).toEqual(['pages/home.json', 'site.json']);
    expect(listImages(dir)).toEqual(['/images/styles/door.svg']);
  });
});

describe('inertPreview', () => {
  it('takes out scripts and module preloads, and replaces script URLs', () => {
    const html = '<html><head><link rel="modulepreload" href="/assets/a.js">\n</head><body><a href="javascript:throw new Error(&#x27;x&#x27;)">a</a><a href="/ok">b</a><script type="application/json">{"a":"\\u003c/script>"}</script><script type="module" src="/assets/entry.js"></script><script>';
    const out = inertPreview(html);
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toContain('modulepreload');
    expect(out).toContain('<a href="#">a</a><a href="/ok">b</a>');
    expect(out).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'self\' \'unsafe-inline\'; img-src \'self\' data:; font-src \'self\'">');
    expect(inertPreview(html, 'https://shop.example')).toContain(`content="default-src 'none'; style-src 'self' https://shop.example 'unsafe-inline'; img-src 'self' https://shop.example data:; font-src 'self' https://shop.example">`);
  });

  it('knows a script URL however it is written', () => {
    for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:x', 'java&#x09;script:x', '&#106;avascript:x', 'vbscript:x', 'data:text/html,<b>', 'DATA:image/svg+xml,<svg>']) expect(isScriptUrl(url), url).toBe(true);
    for (const url of ['/contact', 'https://example.com/javascript:', '#top', 'data:image/png;base64,AAAA', 'mailto:a@b.c']) expect(isScriptUrl(url), url).toBe(false);
  });
});
