/**
 * The catalogue of block types an operator adds from: each type's title (from its published schema,
 * schemas/blocks/), its plain description and picture (its example, schemas/blocks/block-examples.ts,
 * drawn by the server's renderer), and what a new block of it starts as.
 */
import type { RJSFSchema } from '@rjsf/utils';
import { blockExamplePath } from '../../schemas/api/studio-blocks';
import { blockExamples } from '../../schemas/blocks/block-examples';
import type { BlockData } from './block-list';
import { blockSchemaByType } from './form-schemas';

export interface BlockTypeEntry {
  type: string;
  title: string;
  description: string;
  /** The address of its picture: its example drawn by the real renderer. */
  picture: string;
}

/** "Banner block" -> "Banner"; a type without a title is named after itself. */
function titleOf(type: string, schema: RJSFSchema): string {
  const title = typeof schema.title === 'string' ? schema.title.replace(/\s+block$/i, '') : '';
  return title || type.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

export const blockCatalogue: readonly BlockTypeEntry[] = [...blockSchemaByType].map(([type, schema]) => ({
  type,
  title: titleOf(type, schema),
  description: (blockExamples as Record<string, { summary: string } | undefined>)[type]?.summary ?? '',
  picture: blockExamplePath(type),
}));

const entryByType = new Map(blockCatalogue.map((e) => [e.type, e]));

export function blockTitle(type: unknown): string {
  return (typeof type === 'string' && entryByType.get(type)?.title) || `Unknown block “${String(type)}”`;
}

/** The catalogue entries matching every word of a filter, in the title, type or description. */
export function filterCatalogue(filter: string): BlockTypeEntry[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  return blockCatalogue.filter((e) => words.every((w) => `${e.title} ${e.type} ${e.description}`.toLowerCase().includes(w)));
}

function emptyOf(schema: RJSFSchema | undefined): unknown {
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema.type === 'array') return [];
  if (schema.type === 'object') return requiredOf(schema);
  return undefined;
}

function requiredOf(schema: RJSFSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  for (const key of schema.required ?? []) {
    const value = emptyOf(props[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The picture a new banner starts with: one of the library's banners, else its first picture. */
function placeholderPicture(images: readonly string[]): string | undefined {
  return images.find((src) => /banner/i.test(src.slice(src.lastIndexOf('/') + 1))) ?? images[0];
}

/**
 * A new block: its type, and an empty list or group for each required list or group (the form asks
 * for the rest). A banner starts as one the preview can show, a picture of the library and a title
 * to type over, not as three problems.
 */
export function newBlock(type: string, images: readonly string[] = []): BlockData {
  const schema = blockSchemaByType.get(type);
  const block: BlockData = { type, ...(schema ? requiredOf(schema) : {}) };
  const picture = placeholderPicture(images);
  if (type === 'banner' && picture) return { ...block, title: 'A title for the banner', image: { src: picture, alt: '' } };
  return block;
}

/** A line that tells blocks of one type apart in the list: their title, heading, label or name. */
export function blockSummary(block: BlockData): string {
  for (const key of ['title', 'heading', 'label', 'form', 'name', 'template', 'styleName', 'style']) {
    const v = block[key];
    if (typeof v === 'string' && v.trim()) return v.trim().length > 60 ? `${v.trim().slice(0, 57)}…` : v.trim();
  }
  const slides = block['slides'];
  if (Array.isArray(slides) && slides[0] && typeof (slides[0] as { title?: unknown }).title === 'string') return (slides[0] as { title: string }).title;
  const popups = block['popups'];
  if (Array.isArray(popups) && popups.length) return popups.join(', ');
  return '';
}
