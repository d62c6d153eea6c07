/** A BlockDataContext for unit tests: records what a block's selectData told the page. */
import type { SiteSettings } from '../../../schemas/site-settings.schema';
import type { BlockDataContext, Crumb, PageMetadataOverride, StructuredData } from '../block-definition';
import type { CatalogStore } from '../catalog-store';

export interface RecordingContext extends BlockDataContext {
  recorded: { notFound: boolean; metadata: PageMetadataOverride; breadcrumb: Crumb[] | null; structuredData: StructuredData[] };
}

export function testContext(opts: { store: Partial<CatalogStore>; params?: Record<string, string>; query?: string; path?: string }): RecordingContext {
  const recorded: RecordingContext['recorded'] = { notFound: false, metadata: {}, breadcrumb: null, structuredData: [] };
  return {
    store: { store: opts.store },
    params: opts.params ?? {},
    query: new URLSearchParams(opts.query ?? ''),
    settings: { siteName: 'Showroom Cabinets' } as SiteSettings,
    path: opts.path ?? '/',
    pageName: 'test',
    notFound: () => {
      recorded.notFound = true;
    },
    setMetadata: (m) => {
      recorded.metadata = { ...recorded.metadata, ...m };
    },
    setBreadcrumb: (t) => {
      recorded.breadcrumb = t;
    },
    addStructuredData: (d) => {
      recorded.structuredData.push(d);
    },
    recorded,
  };
}
