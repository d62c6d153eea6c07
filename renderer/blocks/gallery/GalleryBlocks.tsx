import type { GalleryBlock as GalleryDef, GalleryDesignBlock as GalleryDesignDef } from '../../../schemas/blocks/gallery.schema';
import type { GalleryDesign } from '../../../schemas/catalog/gallery.schema';
import { Pagination } from '../../listing/Pagination';
import { useListing } from '../../listing/use-listing';
import { usePageQuery } from '../../page-context';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { catalogOf, categoryBase, type CatalogStore } from '../catalog-store';
import { FilterTabs } from '../filters/FilterTabs';
import { finishOf, stylePagePath } from '../catalog/style-views';
import { Masonry } from './Masonry';
import './gallery.css';

export const DESIGN_NOT_FOUND = 'Design not found';

interface ImageView {
  src: string;
  altText: string;
  width: number;
  height: number;
}

export interface DesignCardView {
  slug: string;
  title: string;
  room: string;
  location?: string;
  cover: ImageView;
}

const ROOM_LABEL: Record<string, string> = { kitchen: 'Kitchens', bathroom: 'Bathrooms', laundry: 'Laundry rooms', pantry: 'Pantries', office: 'Offices' };

function cardView(d: GalleryDesign): DesignCardView {
  const c = d.images[0]!;
  return { slug: d.slug, title: d.title, room: d.room ?? 'kitchen', ...(d.location ? { location: d.location } : {}), cover: { src: c.src, altText: c.altText, width: c.width, height: c.height } };
}

export interface GalleryData {
  designs: DesignCardView[];
  rooms: { value: string; label: string }[];
}

export function selectGalleryData(_block: GalleryDef, ctx: BlockDataContext): GalleryData {
  const designs = catalogOf(ctx.store).gallery.map(cardView);
  const rooms = [...new Set(designs.map((d) => d.room))].map((r) => ({ value: r, label: ROOM_LABEL[r] ?? r }));
  return { designs, rooms };
}

const valuesOf = (d: DesignCardView, field: string) => (field === 'room' ? [d.room] : []);

export function GalleryBlock({ block, data }: BlockProps<GalleryDef, GalleryData>) {
  const filter = block.filterByRoom !== false && data.rooms.length > 1;
  const pagination = block.pagination ?? 'load-more';
  const listing = useListing({ items: data.designs, search: usePageQuery(), filterFields: filter ? ['room'] : [], valuesOf, pageSize: block.pageSize ?? 9, pagination });
  return (
    <section className="gallery" id={block.id} aria-label={block.title ?? 'Inspiration gallery'}>
      {block.title && <h2 className="gallery__title">{block.title}</h2>}
      {block.description && <p className="gallery__description">{block.description}</p>}
      {filter && (
        <FilterTabs
          tabs={data.rooms}
          selected={listing.query.filters['room']?.[0] ?? null}
          onSelect={(v) => listing.setTab('room', v)}
          label="Rooms"
          hrefFor={(v) => listing.hrefForTab('room', v)}
        />
      )}
      <Masonry
        label="Designs"
        images={listing.visible.map((d) => ({
          src: d.cover.src,
          alt: d.cover.altText,
          width: d.cover.width,
          height: d.cover.height,
          href: `/inspiration-gallery/${d.slug}`,
          caption: (
            <>
              <strong>{d.title}</strong>
              {d.location && <span className="gallery__location"> · {d.location}</span>}
            </>
          ),
        }))}
      />
      <Pagination type={pagination} page={listing.page} totalPages={listing.totalPages} hasMore={listing.hasMore} onPage={listing.setPage} onLoadMore={listing.loadMore} hrefForPage={listing.hrefForPage} label="Gallery pages" />
    </section>
  );
}

export interface GalleryDesignData {
  design: { slug: string; title: string; description: string; location?: string; room: string; images: ImageView[] } | null;
  style: { title: string; path: string; finishLabel?: string; door?: ImageView } | null;
  more: DesignCardView[];
}

function styleLink(catalog: CatalogStore, d: GalleryDesign, base: string): GalleryDesignData['style'] {
  const style = catalog.styles[d.style];
  if (!style) return null;
  const group = style.finishes.find((g) => g.items.some((f) => f.value === d.finish));
  const choice = group ? { type: group.name, value: d.finish } : null;
  const finish = finishOf(style, choice);
  const door = finish?.doorImage;
  return {
    title: style.title,
    path: stylePagePath(style, choice, base),
    ...(finish ? { finishLabel: finish.label } : {}),
    ...(door ? { door: { src: door.src, altText: door.altText, width: door.width ?? 300, height: door.height ?? 400 } } : {}),
  };
}

export function selectGalleryDesignData(block: GalleryDesignDef, ctx: BlockDataContext): GalleryDesignData {
  const catalog = catalogOf(ctx.store);
  const slug = ctx.params['designSlug'];
  const design = slug ? catalog.gallery.find((d) => d.slug === slug) : undefined;
  if (!design) {
    ctx.notFound();
    return { design: null, style: null, more: [] };
  }
  ctx.setMetadata({ title: design.title, description: design.description.slice(0, 160), image: design.images[0]?.src });
  ctx.setBreadcrumb([{ label: 'Home', path: '/' }, { label: 'Inspiration Gallery', path: '/inspiration-gallery' }, { label: design.title }]);
  return {
    design: {
      slug: design.slug,
      title: design.title,
      description: design.description,
      ...(design.location ? { location: design.location } : {}),
      room: design.room ?? 'kitchen',
      images: design.images.map((i) => ({ src: i.src, altText: i.altText, width: i.width, height: i.height })),
    },
    style: styleLink(catalog, design, categoryBase(ctx.settings)),
    more: catalog.gallery.filter((d) => d.slug !== design.slug).slice(0, block.moreLimit ?? 3).map(cardView),
  };
}

export function GalleryDesignBlock({ block, data }: BlockProps<GalleryDesignDef, GalleryDesignData>) {
  const { design, style } = data;
  if (!design) {
    return (
      <section className="gallery gallery--missing" id={block.id}>
        <h1>{DESIGN_NOT_FOUND}</h1>
        <p>
          <a href="/inspiration-gallery">See the whole gallery</a>
        </p>
      </section>
    );
  }
  return (
    <article className="gallery gallery-design" id={block.id}>
      <header className="gallery-design__head">
        <h1 className="gallery__title">{design.title}</h1>
        {design.location && <p className="gallery__location">{design.location}</p>}
      </header>
      <div className="gallery-design__columns">
        <p className="gallery-design__story">{design.description}</p>
        {style && (
          <aside className="gallery-design__style" aria-label="Style used">
            {style.door && <img src={style.door.src} alt={style.door.altText} width={90} height={120} loading="lazy" />}
            <div>
              <p className="gallery-design__style-name">
                {style.title}
                {style.finishLabel ? ` in ${style.finishLabel}` : ''}
              </p>
              <a className="button button--primary" href={style.path}>
                See this style
              </a>
            </div>
          </aside>
        )}
      </div>
      <Masonry label={`${design.title} photos`} images={design.images.map((i) => ({ src: i.src, alt: i.altText, width: i.width, height: i.height }))} />
      {data.more.length > 0 && (
        <section className="gallery-design__more" aria-label="More designs">
          <h2>More designs</h2>
          <Masonry
            label="More designs"
            images={data.more.map((d) => ({ src: d.cover.src, alt: d.cover.altText, width: d.cover.width, height: d.cover.height, href: `/inspiration-gallery/${d.slug}`, caption: <strong>{d.title}</strong> }))}
          />
        </section>
      )}
    </article>
  );
}
