/**
 * Draws the demo store's images as small SVG files (a few kB each), so nothing is loaded from the
 * internet and every picture matches the catalog: door images, room previews and swatches for each
 * style and finish named in examples/site/catalog/styles/*.json, plus the fixed sets below (category,
 * blog cover, author, gallery and video images).
 *
 *   npx tsx scripts/make-demo-images.ts            # (re)writes every image
 *
 * To add a style: write its catalog/styles/{name}.json, add its door kind to `doorKindOf` and any new
 * finish value to `palette`, then run the script. See docs/demo-store.md.
 */
import fs from 'node:fs';
import path from 'node:path';

const siteDir = path.resolve('examples/site');
export const imagesDir = path.join(siteDir, 'images');

type DoorKind = 'shaker' | 'slim-shaker' | 'slab' | 'raised-panel' | 'beadboard' | 'inset' | 'glass-front';

interface Finish {
  base: string;
  /** Wood finishes get a grain texture. */
  grain?: boolean;
}

/** Finish value -> colour. Every finish value used by a style must be here. */
export const palette: Record<string, Finish> = {
  'alpine-white': { base: '#f4f1ea' },
  'dove-gray': { base: '#c5c2bb' },
  'sage-green': { base: '#9caf88' },
  'navy-blue': { base: '#2f4058' },
  charcoal: { base: '#3b3d40' },
  'linen-cream': { base: '#ebe1cb' },
  'forest-green': { base: '#3f5a45' },
  'pebble-taupe': { base: '#a89c8a' },
  'natural-oak': { base: '#c89b63', grain: true },
  'honey-maple': { base: '#d29f57', grain: true },
  espresso: { base: '#3d2a1e', grain: true },
  walnut: { base: '#6b4429', grain: true },
  cherry: { base: '#8a3d2b', grain: true },
  'matte-white': { base: '#f2f2f0' },
  graphite: { base: '#55585c' },
  cashmere: { base: '#d9cfc1' },
  'teak-grain': { base: '#a0673c', grain: true },
  'smoked-oak': { base: '#7d6a58', grain: true },
  'walnut-grain': { base: '#5e3d28', grain: true },
};

/** Style name -> how its doors are drawn; vanities also get the bathroom scene. */
export const doorKindOf: Record<string, { kind: DoorKind; room: 'kitchen' | 'bathroom'; floating?: boolean }> = {
  'hartford-shaker': { kind: 'shaker', room: 'kitchen' },
  'portland-slim-shaker': { kind: 'slim-shaker', room: 'kitchen' },
  'soho-slab': { kind: 'slab', room: 'kitchen' },
  'charleston-raised-panel': { kind: 'raised-panel', room: 'kitchen' },
  'nantucket-beadboard': { kind: 'beadboard', room: 'kitchen' },
  'georgetown-inset': { kind: 'inset', room: 'kitchen' },
  'cambridge-shaker-vanity': { kind: 'shaker', room: 'bathroom' },
  'malibu-floating-vanity': { kind: 'slab', room: 'bathroom', floating: true },
};

// ---------- colour helpers ----------

function clamp(n: number): number {
  return Math.max(0, Math.min(255, Math.round(n)));
}

/** Lighter (amount > 0) or darker (amount < 0) version of a hex colour. */
function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => clamp(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount));
  const r = mix((n >> 16) & 255);
  const g = mix((n >> 8) & 255);
  const b = mix(n & 255);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

function isDark(hex: string): boolean {
  const n = parseInt(hex.slice(1), 16);
  return ((n >> 16) & 255) * 0.3 + ((n >> 8) & 255) * 0.59 + (n & 255) * 0.11 < 110;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
}

/** A few wavy grain lines across a rectangle (deterministic, so reruns give the same files). */
function grain(x: number, y: number, w: number, h: number, colour: string, seed: number): string {
  const lines: string[] = [];
  const count = Math.max(2, Math.round(w / 14));
  for (let i = 0; i < count; i++) {
    const gx = x + ((i + 0.5) * w) / count + (((seed * 7 + i * 13) % 5) - 2);
    const bend = ((seed + i * 3) % 7) - 3;
    lines.push(`M${r1(gx)} ${r1(y)}q${r1(bend)} ${r1(h / 2)} 0 ${r1(h)}`);
  }
  return `<path d="${lines.join('')}" stroke="${shade(colour, -0.25)}" stroke-width="${r1(Math.max(0.6, w / 120))}" fill="none" opacity=".45"/>`;
}

// ---------- doors ----------

/** One door at (x, y) of size w x h in a finish; handle 'left' | 'right' | 'none'. */
function door(kind: DoorKind, x: number, y: number, w: number, h: number, fin: Finish, handle: 'left' | 'right' | 'none' = 'right', seed = 1): string {
  const c = fin.base;
  const edge = shade(c, -0.18);
  const deep = shade(c, -0.3);
  const light = shade(c, 0.18);
  const sw = r1(Math.max(0.8, w / 110));
  const parts: string[] = [rect(x, y, w, h, c, `stroke="${edge}" stroke-width="${sw}"`)];
  if (fin.grain) parts.push(grain(x, y, w, h, c, seed));
  const frame = (ratio: number) => {
    const f = Math.min(w, h) * ratio;
    return { fx: x + f, fy: y + f, fw: w - 2 * f, fh: h - 2 * f, f };
  };
  switch (kind) {
    case 'shaker':
    case 'slim-shaker':
    case 'beadboard': {
      const { fx, fy, fw, fh } = frame(kind === 'slim-shaker' ? 0.08 : 0.17);
      parts.push(rect(fx, fy, fw, fh, shade(c, -0.05), `stroke="${deep}" stroke-width="${r1(sw * 1.6)}"`));
      parts.push(`<path d="M${r1(fx)} ${r1(fy + fh)}h${r1(fw)}V${r1(fy)}" stroke="${light}" stroke-width="${sw}" fill="none"/>`);
      if (kind === 'beadboard') {
        const beads = Math.max(3, Math.round(fw / 12));
        const d = Array.from({ length: beads - 1 }, (_, i) => `M${r1(fx + ((i + 1) * fw) / beads)} ${r1(fy)}v${r1(fh)}`).join('');
        parts.push(`<path d="${d}" stroke="${deep}" stroke-width="${sw}" opacity=".7"/>`);
      }
      break;
    }
    case 'raised-panel': {
      const { fx, fy, fw, fh, f } = frame(0.16);
      const b = f * 0.55;
      parts.push(rect(fx, fy, fw, fh, deep));
      parts.push(`<path d="M${r1(fx)} ${r1(fy)}l${r1(b)} ${r1(b)}h${r1(fw - 2 * b)}l${r1(b)} ${r1(-b)}z" fill="${shade(c, -0.12)}"/>`);
      parts.push(`<path d="M${r1(fx)} ${r1(fy)}l${r1(b)} ${r1(b)}v${r1(fh - 2 * b)}l${r1(-b)} ${r1(b)}z" fill="${shade(c, -0.08)}"/>`);
      parts.push(`<path d="M${r1(fx + fw)} ${r1(fy)}l${r1(-b)} ${r1(b)}v${r1(fh - 2 * b)}l${r1(b)} ${r1(b)}z" fill="${light}"/>`);
      parts.push(`<path d="M${r1(fx)} ${r1(fy + fh)}l${r1(b)} ${r1(-b)}h${r1(fw - 2 * b)}l${r1(b)} ${r1(b)}z" fill="${shade(c, 0.1)}"/>`);
      parts.push(rect(fx + b, fy + b, fw - 2 * b, fh - 2 * b, c));
      if (fin.grain) parts.push(grain(fx + b, fy + b, fw - 2 * b, fh - 2 * b, c, seed + 3));
      break;
    }
    case 'inset': {
      const gap = Math.max(1.2, w * 0.02);
      const { fx, fy, fw, fh } = frame(0.15);
      parts.push(rect(x + gap * 3, y + gap * 3, w - gap * 6, h - gap * 6, 'none', `stroke="${deep}" stroke-width="${r1(gap)}"`));
      parts.push(rect(fx, fy, fw, fh, shade(c, -0.05), `stroke="${deep}" stroke-width="${r1(sw * 1.4)}"`));
      const hy = y + h * 0.18;
      parts.push(rect(x + gap * 3 - sw, hy, sw * 2.5, h * 0.07, '#b8a27a'), rect(x + gap * 3 - sw, y + h * 0.75, sw * 2.5, h * 0.07, '#b8a27a'));
      break;
    }
    case 'glass-front': {
      const { fx, fy, fw, fh } = frame(0.15);
      parts.push(rect(fx, fy, fw, fh, '#dfe9ec', `stroke="${deep}" stroke-width="${sw}"`));
      parts.push(`<path d="M${r1(fx + fw / 2)} ${r1(fy)}v${r1(fh)}M${r1(fx)} ${r1(fy + fh / 2)}h${r1(fw)}" stroke="${c}" stroke-width="${r1(sw * 2.5)}"/>`);
      parts.push(`<path d="M${r1(fx + fw * 0.15)} ${r1(fy + fh * 0.4)}l${r1(fw * 0.25)} ${r1(-fh * 0.25)}" stroke="#fff" stroke-width="${r1(sw * 2)}" opacity=".8"/>`);
      break;
    }
    case 'slab':
      break;
  }
  if (handle !== 'none') {
    const hw = Math.max(1.5, w * 0.035);
    const metal = isDark(c) ? '#c9a66b' : '#3a3a3a';
    if (kind === 'slab') {
      const hx = handle === 'right' ? x + w - w * 0.12 : x + w * 0.12 - hw;
      parts.push(rect(hx, y + h * 0.08, hw, h * 0.3, metal, `rx="${r1(hw / 2)}"`));
    } else {
      const hx = handle === 'right' ? x + w - w * 0.1 : x + w * 0.1;
      parts.push(`<circle cx="${r1(hx)}" cy="${r1(y + h * 0.5)}" r="${r1(hw * 1.1)}" fill="${metal}"/>`);
    }
  }
  return parts.join('');
}

/** A drawer front: same finish, a horizontal pull. */
function drawer(kind: DoorKind, x: number, y: number, w: number, h: number, fin: Finish, seed = 2): string {
  const c = fin.base;
  const parts = [rect(x, y, w, h, c, `stroke="${shade(c, -0.18)}" stroke-width="${r1(Math.max(0.8, w / 160))}"`)];
  if (fin.grain) parts.push(`<path d="M${r1(x)} ${r1(y + h * 0.35)}h${r1(w)}M${r1(x)} ${r1(y + h * 0.7)}h${r1(w)}" stroke="${shade(c, -0.25)}" stroke-width="0.8" opacity=".45"/>` + '');
  if (kind !== 'slab') {
    const f = Math.min(w, h) * (kind === 'slim-shaker' ? 0.1 : 0.18);
    parts.push(rect(x + f, y + f, w - 2 * f, h - 2 * f, 'none', `stroke="${shade(c, -0.3)}" stroke-width="${r1(Math.max(0.8, w / 140))}"`));
  }
  const metal = isDark(c) ? '#c9a66b' : '#3a3a3a';
  parts.push(rect(x + w * 0.38, y + h * 0.44, w * 0.24, Math.max(2, h * 0.1), metal, `rx="1.5"`));
  void seed;
  return parts.join('');
}

// ---------- scenes ----------

/** An SVG file of w x h pixels; `viewBox` crops a larger drawing (rooms are drawn at 1200 x 800). */
function svg(w: number, h: number, body: string, label: string, viewBox = `0 0 ${w} ${h}`): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${w}" height="${h}" role="img" aria-label="${label.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">${body}</svg>\n`;
}

/** Crops of a 1200 x 800 room: a 1200 x 630 cover band that keeps the floor, and squares around the middle. */
const coverCrop = '0 75 1200 630';
const kitchenSquare = '200 0 800 800';
const bathroomSquare = '250 0 800 800';

function floor(y: number, w: number, h: number, colour = '#d8c5a6'): string {
  const planks = Array.from({ length: 6 }, (_, i) => `M0 ${r1(y + ((i + 1) * (h - y)) / 6)}h${w}`).join('');
  return rect(0, y, w, h - y, colour) + `<path d="${planks}" stroke="${shade(colour, -0.12)}" stroke-width="2"/>`;
}

interface KitchenOptions {
  island?: Finish;
  wall?: string;
  glassUppers?: boolean;
  pendants?: boolean;
}

/** A kitchen wall: uppers either side of a window, a sink run below, optional island and pendants. */
function kitchen(kind: DoorKind, fin: Finish, W: number, H: number, o: KitchenOptions = {}): string {
  const s = W / 1200;
  const wall = o.wall ?? '#f1ece3';
  const p: string[] = [rect(0, 0, W, H, wall), floor(H * 0.86, W, H)];
  // window with a view
  p.push(rect(470 * s, 90 * s, 260 * s, 250 * s, '#fbfaf7'), rect(482 * s, 102 * s, 236 * s, 226 * s, '#cfe3ea'));
  p.push(`<path d="M${r1(482 * s)} ${r1(290 * s)}q${r1(70 * s)} ${r1(-50 * s)} ${r1(120 * s)} ${r1(-20 * s)}t${r1(116 * s)} ${r1(-10 * s)}v${r1(38 * s)}h${r1(-236 * s)}z" fill="#a9c39a"/>`);
  p.push(`<path d="M${r1(600 * s)} ${r1(102 * s)}v${r1(226 * s)}" stroke="#fbfaf7" stroke-width="${r1(8 * s)}"/>`);
  // Repeated doors are drawn once in <defs> and placed with <use>, which keeps each scene a few kB.
  const defs: string[] = [];
  const placed: string[] = [];
  const define = (id: string, markup: string) => defs.push(`<g id="${id}">${markup}</g>`);
  const place = (id: string, x: number, y: number) => placed.push(`<use href="#${id}" x="${r1(x)}" y="${r1(y)}"/>`);
  // uppers
  const uy = 100 * s;
  const uh = 230 * s;
  const uw = 88 * s;
  for (const side of ['right', 'left'] as const) {
    define(`u${side[0]}`, door(kind, 0, 0, uw - 2 * s, uh, fin, side, 1));
    if (o.glassUppers) define(`g${side[0]}`, door('glass-front', 0, 0, uw - 2 * s, uh, fin, side, 1));
  }
  for (const startX of [70 * s, 770 * s]) {
    for (let i = 0; i < 4; i++) {
      const glass = (i === 1 || i === 2) && o.glassUppers;
      place(`${glass ? 'g' : 'u'}${i % 2 === 0 ? 'r' : 'l'}`, startX + i * uw, uy);
    }
  }
  // base run with counter
  const by = 500 * s;
  const bh = 190 * s;
  const bw = 107 * s;
  define('bd', drawer(kind, 0, 0, bw - 3 * s, 48 * s, fin));
  for (const side of ['right', 'left'] as const) define(`b${side[0]}`, door(kind, 0, 0, bw - 3 * s, bh - 52 * s, fin, side, 3));
  for (let i = 0; i < 10; i++) {
    const x = 50 * s + i * bw;
    place('bd', x, by);
    place(i % 2 === 0 ? 'br' : 'bl', x, by + 52 * s);
  }
  if (o.island) {
    for (const side of ['right', 'left'] as const) define(`i${side[0]}`, door(kind, 0, 0, 132 * s, 150 * s, o.island, side, 7));
  }
  p.push(`<defs>${defs.join('')}</defs>`, ...placed);
  p.push(rect(62 * s, 92 * s, 370 * s, 8 * s, shade(fin.base, -0.1)), rect(762 * s, 92 * s, 370 * s, 8 * s, shade(fin.base, -0.1)));
  p.push(rect(40 * s, by - 22 * s, 1120 * s, 22 * s, '#e8e6e2', `stroke="#cfcac2" stroke-width="${r1(2 * s)}"`));
  p.push(`<path d="M${r1(585 * s)} ${r1(by - 22 * s)}v${r1(-60 * s)}q0 ${r1(-22 * s)} ${r1(28 * s)} ${r1(-22 * s)}v${r1(14 * s)}" stroke="#7d7f82" stroke-width="${r1(7 * s)}" fill="none"/>`);
  p.push(rect(50 * s, by + bh, 1070 * s, 14 * s, shade(fin.base, -0.45)));
  if (o.island) {
    const iy = 610 * s;
    p.push(rect(250 * s, iy - 20 * s, 700 * s, 20 * s, '#f3f1ee', `stroke="#d4cfc7" stroke-width="${r1(2 * s)}"`));
    for (let i = 0; i < 5; i++) p.push(`<use href="#i${i % 2 ? 'l' : 'r'}" x="${r1(262 * s + i * 136 * s)}" y="${r1(iy)}"/>`);
  }
  if (o.pendants) {
    for (const px of [420, 600, 780]) {
      p.push(`<path d="M${r1(px * s)} 0v${r1(360 * s)}" stroke="#444" stroke-width="${r1(2 * s)}"/>`);
      p.push(`<path d="M${r1((px - 34) * s)} ${r1(400 * s)}q${r1(34 * s)} ${r1(-70 * s)} ${r1(68 * s)} 0z" fill="#2f3133"/>`);
      p.push(`<ellipse cx="${r1(px * s)}" cy="${r1(402 * s)}" rx="${r1(20 * s)}" ry="${r1(5 * s)}" fill="#f7e3a1"/>`);
    }
  }
  return p.join('');
}

/** A bathroom: tiled wall, round mirror, a vanity with two doors and drawers; floating vanities leave the floor clear. */
function bathroom(kind: DoorKind, fin: Finish, W: number, H: number, floating = false, wall = '#e7ecea'): string {
  const s = W / 1200;
  const tiles = Array.from({ length: 9 }, (_, i) => `M0 ${r1((i + 1) * 70 * s)}h${W}`).join('');
  const p: string[] = [rect(0, 0, W, H, wall), `<path d="${tiles}" stroke="${shade(wall, -0.06)}" stroke-width="${r1(2 * s)}"/>`, floor(H * 0.88, W, H, '#cfc8bd')];
  p.push(`<circle cx="${r1(600 * s)}" cy="${r1(230 * s)}" r="${r1(130 * s)}" fill="#c9a66b"/><circle cx="${r1(600 * s)}" cy="${r1(230 * s)}" r="${r1(120 * s)}" fill="#dfe9ec"/>`);
  p.push(`<path d="M${r1(540 * s)} ${r1(180 * s)}l${r1(50 * s)} ${r1(-50 * s)}" stroke="#fff" stroke-width="${r1(8 * s)}" opacity=".7"/>`);
  const top = floating ? 440 * s : 450 * s;
  const vh = floating ? 190 * s : 240 * s;
  p.push(rect(300 * s, top - 24 * s, 600 * s, 24 * s, '#f4f3f0', `stroke="#d3cfc8" stroke-width="${r1(2 * s)}"`));
  p.push(`<ellipse cx="${r1(600 * s)}" cy="${r1(top - 24 * s)}" rx="${r1(90 * s)}" ry="${r1(10 * s)}" fill="#e2e0dc"/>`);
  p.push(`<path d="M${r1(600 * s)} ${r1(top - 24 * s)}v${r1(-55 * s)}h${r1(-30 * s)}" stroke="#8a8c8f" stroke-width="${r1(8 * s)}" fill="none"/>`);
  if (floating) {
    p.push(drawer('slab', 310 * s, top, 580 * s, vh / 2 - 3 * s, fin), drawer('slab', 310 * s, top + vh / 2, 580 * s, vh / 2 - 3 * s, fin));
  } else {
    p.push(drawer(kind, 310 * s, top, 180 * s, vh - 24 * s, fin), drawer(kind, 710 * s, top, 180 * s, vh - 24 * s, fin));
    p.push(door(kind, 494 * s, top, 104 * s, vh - 24 * s, fin, 'right', 2), door(kind, 602 * s, top, 104 * s, vh - 24 * s, fin, 'left', 3));
    p.push(rect(310 * s, top + vh - 24 * s, 580 * s, 20 * s, shade(fin.base, -0.4)));
  }
  // plant
  p.push(rect(960 * s, 560 * s, 70 * s, 90 * s, '#d9d2c5'), `<path d="M${r1(995 * s)} ${r1(560 * s)}q${r1(-60 * s)} ${r1(-80 * s)} ${r1(-20 * s)} ${r1(-150 * s)}M${r1(995 * s)} ${r1(560 * s)}q${r1(50 * s)} ${r1(-90 * s)} ${r1(25 * s)} ${r1(-170 * s)}M${r1(995 * s)} ${r1(560 * s)}v${r1(-180 * s)}" stroke="#5f7d55" stroke-width="${r1(12 * s)}" fill="none" stroke-linecap="round"/>`);
  return p.join('');
}

function swatch(fin: Finish): string {
  const body = rect(0, 0, 80, 80, fin.base, 'rx="8"') + (fin.grain ? grain(0, 0, 80, 80, fin.base, 4) : '');
  return body + rect(0.5, 0.5, 79, 79, 'none', `rx="8" stroke="${shade(fin.base, -0.2)}"`);
}

/** A door sample on a light table with a finish tag. */
function sample(kind: DoorKind, fin: Finish): string {
  return [
    rect(0, 0, 400, 400, '#f5f1ea'),
    rect(0, 300, 400, 100, '#e6dccb'),
    `<ellipse cx="200" cy="352" rx="120" ry="10" fill="#000" opacity=".08"/>`,
    door(kind, 110, 60, 180, 290, fin, 'none', 5),
    `<path d="M270 70q40 10 50 60" stroke="#8b7a60" stroke-width="2" fill="none"/>`,
    rect(300, 125, 44, 64, '#fffdf8', 'rx="4" stroke="#c9bda6" stroke-width="2" transform="rotate(12 322 157)"'),
    `<circle cx="316" cy="136" r="4" fill="#c9bda6"/>`,
  ].join('');
}

/** The drawings of one run, by path under images/ (a swatch shared by several styles is drawn once per style). */
let drawings = new Map<string, string>();

function write(rel: string, content: string): void {
  drawings.set(rel, content);
}

function fin(value: string): Finish {
  const f = palette[value];
  if (!f) throw new Error(`No colour for finish "${value}": add it to palette in scripts/make-demo-images.ts`);
  return f;
}

// ---------- the catalog's own images ----------

interface StyleFile {
  name: string;
  title: string;
  finishes: { items: { value: string; label: string; swatchImage: { src: string }; doorImage: { src: string }; previewImage: { src: string } }[] }[];
  images: { src: string; type?: string }[];
}

function styleImages(): void {
  const dir = path.join(siteDir, 'catalog/styles');
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const style = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as StyleFile;
    const look = doorKindOf[style.name];
    if (!look) throw new Error(`No door kind for style "${style.name}": add it to doorKindOf in scripts/make-demo-images.ts`);
    const toRel = (src: string) => src.replace(/^\/images\//, '');
    for (const group of style.finishes) {
      for (const item of group.items) {
        const f = fin(item.value);
        write(toRel(item.swatchImage.src), svg(80, 80, swatch(f), `${item.label} swatch`));
        write(toRel(item.doorImage.src), svg(300, 400, rect(0, 0, 300, 400, '#f5f2ec') + door(look.kind, 30, 20, 240, 360, f, 'right', 3), `${style.title} door in ${item.label}`));
        const scene = look.room === 'bathroom' ? bathroom(look.kind, f, 1200, 800, look.floating) : kitchen(look.kind, f, 1200, 800);
        write(toRel(item.previewImage.src), svg(1200, 800, scene, `${style.title} in ${item.label}`));
      }
    }
    const first = style.finishes[0]!.items[0]!;
    for (const image of style.images.filter((i) => i.type === 'sample')) {
      write(toRel(image.src), svg(400, 400, sample(look.kind, fin(first.value)), `${style.title} door sample`));
    }
  }
}

// ---------- fixed sets: categories, video, blog covers, authors, gallery ----------

function flatPack(W: number, H: number, colour = '#c9a57a'): string {
  const s = W / 1200;
  const p = [rect(0, 0, W, H, '#efe9df'), floor(H * 0.8, W, H, '#d9cbb3')];
  for (let i = 0; i < 4; i++) {
    const y = H * 0.8 - (i + 1) * 60 * s;
    p.push(rect(150 * s + i * 12 * s, y, 520 * s, 56 * s, colour, `stroke="${shade(colour, -0.25)}" stroke-width="${r1(2 * s)}"`));
    p.push(rect(380 * s + i * 12 * s, y + 18 * s, 90 * s, 20 * s, '#f4efe6'));
  }
  // an assembled base cabinet beside the boxes
  const f = fin('alpine-white');
  p.push(rect(760 * s, H * 0.8 - 300 * s, 300 * s, 20 * s, '#e8e6e2'));
  p.push(drawer('shaker', 770 * s, H * 0.8 - 280 * s, 280 * s, 60 * s, f), door('shaker', 770 * s, H * 0.8 - 216 * s, 138 * s, 200 * s, f, 'right'), door('shaker', 912 * s, H * 0.8 - 216 * s, 138 * s, 200 * s, f, 'left'));
  return p.join('');
}

function layers(W: number, H: number): string {
  const p = [rect(0, 0, W, H, '#f3eee6')];
  const plies = ['#d8b98a', '#c9a56f', '#dcc096', '#c29b63', '#d8b98a', '#c9a56f', '#dcc096'];
  plies.forEach((c, i) => p.push(rect(120, 160 + i * 44, 420, 44, c, 'stroke="#a88452" stroke-width="1.5"')));
  p.push(rect(660, 160, 420, 308, '#b9a58a'));
  for (let i = 0; i < 60; i++) p.push(`<circle cx="${680 + ((i * 53) % 380)}" cy="${180 + ((i * 97) % 270)}" r="2" fill="#8f7b60" opacity=".5"/>`);
  return p.join('');
}

function swatchFan(W: number, H: number): string {
  const values = ['alpine-white', 'dove-gray', 'sage-green', 'navy-blue', 'charcoal', 'natural-oak', 'walnut', 'cherry'];
  const p = [rect(0, 0, W, H, '#f6f2ec')];
  values.forEach((v, i) => {
    const angle = -56 + i * 16;
    p.push(`<g transform="rotate(${angle} ${W / 2} ${H - 60})">${rect(W / 2 - 45, H - 520, 90, 460, fin(v).base, 'rx="10" stroke="#0002"')}</g>`);
  });
  p.push(`<circle cx="${W / 2}" cy="${H - 90}" r="14" fill="#8b7a60"/>`);
  return p.join('');
}

function floorPlan(W: number, H: number): string {
  const p = [rect(0, 0, W, H, '#eef3f6')];
  const grid = Array.from({ length: 30 }, (_, i) => `M${i * 40} 0v${H}M0 ${i * 40}h${W}`).join('');
  p.push(`<path d="${grid}" stroke="#d6e1e8" stroke-width="1"/>`);
  p.push(`<path d="M260 120h680v400H260z" fill="#fff" stroke="#2f4058" stroke-width="8"/>`);
  p.push(rect(268, 128, 664, 70, '#c5d2dc'), rect(268, 128, 70, 384, '#c5d2dc'), rect(520, 330, 240, 90, '#9caf88'));
  p.push(`<path d="M420 163L303 330L640 300z" fill="none" stroke="#c0533f" stroke-width="5" stroke-dasharray="14 10"/>`);
  for (const [x, y] of [[420, 163], [303, 330], [640, 300]] as const) p.push(`<circle cx="${x}" cy="${y}" r="12" fill="#c0533f"/>`);
  return p.join('');
}

function budget(W: number, H: number): string {
  const p = [rect(0, 0, W, H, '#f4f0e8')];
  const bars = [['#2f4058', 300], ['#9caf88', 190], ['#c89b63', 140], ['#a89c8a', 100], ['#c0533f', 60]] as const;
  bars.forEach(([c, h], i) => p.push(rect(200 + i * 110, 520 - h, 80, h, c, 'rx="6"')));
  p.push(`<path d="M170 520h600" stroke="#555" stroke-width="4"/>`);
  for (let i = 0; i < 5; i++) p.push(`<ellipse cx="930" cy="${520 - i * 22}" rx="80" ry="18" fill="#d9b45c" stroke="#a9873a" stroke-width="3"/>`);
  return p.join('');
}

function tools(W: number, H: number): string {
  const p = [rect(0, 0, W, H, '#ece6dc'), rect(0, H * 0.62, W, H * 0.38, '#b58a5a')];
  p.push(grain(0, H * 0.62, W, H * 0.38, '#b58a5a', 9));
  p.push(rect(160, 300, 560, 60, '#e2b93b', 'rx="8"'), rect(400, 315, 80, 30, '#b7e0c0', 'rx="12" stroke="#333" stroke-width="3"'));
  p.push(`<path d="M820 260h150v70h-60l-20 140h-40l10-140h-40z" fill="#c0533f"/>`, rect(970, 285, 80, 20, '#777'));
  p.push(door('shaker', 200, 400, 520, 180, fin('sage-green'), 'none', 2));
  return p.join('');
}

function videoThumb(): string {
  return tools(1280, 720) + `<circle cx="640" cy="360" r="70" fill="#000" opacity=".55"/><path d="M615 320v80l70-40z" fill="#fff"/>`;
}

function portrait(bg: string, skin: string, hair: string, shirt: string, long = false): string {
  return [
    rect(0, 0, 400, 400, bg),
    long ? `<path d="M112 180q0-104 88-104t88 104v120q-88 26-176 0z" fill="${hair}"/>` : `<circle cx="200" cy="160" r="84" fill="${hair}"/>`,
    `<path d="M70 400q0-130 130-130t130 130z" fill="${shirt}"/>`,
    `<path d="M178 240h44v40q-22 14-44 0z" fill="${shade(skin, -0.12)}"/>`,
    `<ellipse cx="200" cy="182" rx="70" ry="78" fill="${skin}"/>`,
    `<path d="M128 170q6-78 72-80q66 2 72 80q-20-44-72-46q-52 2-72 46z" fill="${hair}"/>`,
  ].join('');
}

/** Blog covers, 1200 x 630: a drawing, and the crop when it is a room drawn at 1200 x 800. */
const blogCovers: Record<string, () => string | [string, string]> = {
  'kitchen-layouts': () => floorPlan(1200, 630),
  'rta-vs-assembled': () => flatPack(1200, 630),
  'mdf-vs-plywood': () => layers(1200, 630),
  'choosing-a-finish': () => swatchFan(1200, 630),
  'kitchen-budget': () => budget(1200, 630),
  'installing-rta-cabinets': () => tools(1200, 630),
  'shaker-style': () => [kitchen('shaker', fin('sage-green'), 1200, 800, { pendants: true }), coverCrop],
  'two-tone-kitchens': () => [kitchen('shaker', fin('alpine-white'), 1200, 800, { island: fin('navy-blue') }), coverCrop],
  'door-samples': () => rect(0, 0, 1200, 630, '#f5f1ea') + rect(0, 465, 1200, 165, '#e6dccb') + `<g transform="translate(300 15) scale(1.5)">${sample('shaker', fin('dove-gray'))}</g>`,
  'small-kitchen': () => [kitchen('slim-shaker', fin('linen-cream'), 1200, 800, { glassUppers: true }), coverCrop],
  'bathroom-vanity-guide': () => [bathroom('shaker', fin('navy-blue'), 1200, 800), coverCrop],
  'painted-cabinet-care': () => [kitchen('inset', fin('forest-green'), 1200, 800, { glassUppers: true }), coverCrop],
};

interface GalleryShot {
  file: string;
  w: number;
  h: number;
  draw: () => string;
  viewBox?: string;
}

function doorCloseUp(kind: DoorKind, f: Finish, w: number, h: number): string {
  return rect(0, 0, w, h, '#efe9df') + door(kind, w * 0.12, h * 0.06, w * 0.76, h * 0.8, f, 'right', 6) + rect(0, h * 0.88, w, h * 0.12, '#e8e6e2');
}

function galleryShots(): GalleryShot[] {
  const shots: GalleryShot[] = [];
  const add = (slug: string, kind: DoorKind, f: Finish, scene: (w: number, h: number) => string) => {
    shots.push({ file: `gallery/${slug}-1.svg`, w: 1200, h: 800, draw: () => scene(1200, 800) });
    shots.push({ file: `gallery/${slug}-2.svg`, w: 800, h: 1200, draw: () => doorCloseUp(kind, f, 800, 1200) });
    shots.push({ file: `gallery/${slug}-3.svg`, w: 1000, h: 1000, draw: () => scene(1200, 800), viewBox: slug.includes('vanity') ? bathroomSquare : kitchenSquare });
  };
  add('sage-farmhouse-kitchen', 'shaker', fin('sage-green'), (w, h) => kitchen('shaker', fin('sage-green'), w, h, { pendants: true, island: fin('natural-oak') }));
  add('navy-and-white-two-tone', 'shaker', fin('alpine-white'), (w, h) => kitchen('shaker', fin('alpine-white'), w, h, { island: fin('navy-blue') }));
  add('walnut-modern-loft', 'slab', fin('walnut-grain'), (w, h) => kitchen('slab', fin('walnut-grain'), w, h, { wall: '#e4e2de', pendants: true }));
  add('classic-cherry-kitchen', 'raised-panel', fin('cherry'), (w, h) => kitchen('raised-panel', fin('cherry'), w, h, { wall: '#f3ead9' }));
  add('forest-green-inset-pantry', 'inset', fin('forest-green'), (w, h) => kitchen('inset', fin('forest-green'), w, h, { glassUppers: true }));
  add('coastal-floating-vanity', 'slab', fin('teak-grain'), (w, h) => bathroom('slab', fin('teak-grain'), w, h, true, '#e3eef0'));
  return shots;
}

/** Draws every image; returns the files by path under images/. Writes nothing. */
export function drawAll(): Map<string, string> {
  drawings = new Map();
  styleImages();
  write('styles/video-thumbnail.svg', svg(1280, 720, videoThumb(), 'Assembling an RTA cabinet'));
  write('categories/kitchen-cabinets.svg', svg(1200, 800, kitchen('shaker', fin('alpine-white'), 1200, 800, { island: fin('sage-green'), pendants: true }), 'Kitchen cabinets'));
  write('categories/bathroom-vanities.svg', svg(1200, 800, bathroom('shaker', fin('navy-blue'), 1200, 800), 'Bathroom vanities'));
  write('categories/rta-cabinets.svg', svg(1200, 800, flatPack(1200, 800), 'RTA cabinets'));
  for (const [name, draw] of Object.entries(blogCovers)) {
    const drawing = draw();
    const [body, viewBox] = typeof drawing === 'string' ? [drawing, undefined] : drawing;
    write(`blogs/${name}.svg`, svg(1200, 630, body, name.replace(/-/g, ' '), viewBox));
  }
  const authors: Array<[string, string, string, string, string, boolean]> = [
    ['claire-donovan', '#dfe7e1', '#e7c2a3', '#6b4429', '#3f5a45', true],
    ['marcus-bell', '#e6e1f0', '#8d5a3b', '#2a1d15', '#2f4058', false],
    ['priya-raman', '#f3e4d6', '#c98e66', '#1f1a17', '#c0533f', true],
  ];
  for (const [id, bg, skin, hair, shirt, long] of authors) {
    write(`authors/${id}.svg`, svg(400, 400, portrait(bg, skin, hair, shirt, long), id.replace(/-/g, ' ')));
  }
  // Reviewers' profile pictures: the same abstract portrait, drawn at 400 and shown small.
  const reviewers: Array<[string, string, string, string, string, boolean]> = [
    ['megan-r', '#e8efe4', '#f0cfb4', '#b5703c', '#9caf88', true],
    ['david-k', '#e4e9f0', '#d9a97f', '#3b2a20', '#55585c', false],
    ['aisha-n', '#f1e6ec', '#7a4a2e', '#1c1512', '#2f4058', true],
    ['greg-s', '#f0ebe0', '#eac4a4', '#8a8078', '#8a3d2b', false],
    ['jenna-l', '#e3eef0', '#e9bf9b', '#d8b36a', '#a0673c', true],
    ['victor-a', '#ece6dc', '#b9825a', '#2a1d15', '#3f5a45', false],
  ];
  for (const [id, bg, skin, hair, shirt, long] of reviewers) {
    write(`reviewers/${id}.svg`, svg(400, 400, portrait(bg, skin, hair, shirt, long), id.replace(/-/g, ' ')));
  }
  for (const shot of galleryShots()) {
    write(shot.file, svg(shot.w, shot.h, shot.draw(), shot.file, shot.viewBox));
  }
  return drawings;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const files = drawAll();
  for (const [rel, content] of files) {
    const file = path.join(imagesDir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  console.log(`Wrote ${files.size} images under ${imagesDir}`);
}
