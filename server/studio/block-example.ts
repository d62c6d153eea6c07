/**
 * A block type's picture for the studio's catalogue: its example (schemas/blocks/block-examples.ts)
 * alone on a page, drawn by the real renderer over the live content (its colours, forms, styles and
 * posts), without the header and footer, made inert as the preview is. Each content renders each
 * type once: the pictures are kept with the content they were drawn from.
 */
import { CONSENT_COOKIE } from '../../renderer/layout/consent-cookie';
import { blockExamples } from '../../schemas/blocks/block-examples';
import type { Block } from '../../schemas/page.schema';
import type { Content } from '../content/load-content';
import { formsPublicSettings } from '../services/form-settings';
import { pageStoreData, renderDocument } from '../ssr/page-route';
import { inertPreview, type PreviewRenderer } from './content-preview';

const EXAMPLE_PAGE = 'studio-block-example';
const EXAMPLE_PATH = '/studio-block-example';

export function isBlockType(type: string): type is Block['type'] {
  return Object.hasOwn(blockExamples, type);
}

const drawn = new WeakMap<Content, Map<string, string>>();

/** The example of a block type as an inert HTML page (the type must be one of blockExamples). */
export function renderBlockExample(r: PreviewRenderer, content: Content, type: Block['type']): string {
  let pictures = drawn.get(content);
  if (!pictures) drawn.set(content, (pictures = new Map()));
  const kept = pictures.get(type);
  if (kept !== undefined) return kept;
  const example = blockExamples[type];
  const params = Object.entries(example.params ?? {});
  const route = { path: [EXAMPLE_PATH, ...params.map(([name]) => `:${name}`)].join('/'), page: EXAMPLE_PAGE };
  const url = [EXAMPLE_PATH, ...params.map(([, value]) => encodeURIComponent(value))].join('/');
  const shown: Content = {
    ...content,
    routes: [route, ...content.routes],
    pages: { ...content.pages, [EXAMPLE_PAGE]: { metadata: { title: example.summary, description: example.summary }, blocks: [example.block as Block] } },
  };
  const store = pageStoreData(shown, formsPublicSettings(r.forms));
  const { body } = renderDocument({ content: shown, store, renderPage: r.renderPage, assets: r.assets, publicUrl: r.publicUrl, url, cookieHeader: `${CONSENT_COOKIE}=accepted`, studio: { blocksOnly: true } });
  const html = inertPreview(body, new URL(r.publicUrl).origin);
  pictures.set(type, html);
  return html;
}
