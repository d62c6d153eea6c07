import { useMemo, useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import type { ProductStyleBlock as ProductStyleBlockDef } from '../../../schemas/blocks/product-style.schema';
import type { ProductStyle } from '../../../schemas/catalog/product-style.schema';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { catalogOf, categoryBase } from '../catalog-store';
import { ReadMore, ShortList } from '../content/ReadMore';
import { STYLE_DESCRIPTION_LIMIT, truncateAtWord } from '../content/truncate';
import { ReviewBadge } from '../reviews/ReviewBadge';
import { routeValue } from '../route-value';
import { ImageGallery, type GalleryImageView } from './ImageGallery';
import { SampleList, type SampleView } from './SampleList';
import { SpecView } from './SpecView';
import { finishFromQuery, finishOf, sampleSkuFor, sampleViews } from './style-views';
import { SWATCH_LIMITS, V2_VISIBLE_FINISHES } from './swatch-limits';
import { Swatches, type FinishChoice } from './Swatches';
import './product-style.css';

export const STYLE_NOT_FOUND = 'We are sorry, but we could not find any data.';
export const ORDER_SAMPLES_LINK = 'Order samples';

export interface ProductStyleData {
  style: ProductStyle | null;
  layout: 'V1' | 'V2';
  samples: SampleView[];
  faqs: { question: string; answer: string }[];
  initialFinish: FinishChoice | null;
  categoryTitle: string | null;
}

export function selectProductStyleData(block: ProductStyleBlockDef, ctx: BlockDataContext): ProductStyleData {
  const catalog = catalogOf(ctx.store);
  const name = routeValue(block.style ?? ':styleName', ctx.params);
  const categorySlug = routeValue(block.category ?? ':categorySlug', ctx.params);
  const found = name ? catalog.styles[name] : undefined;
  const category = categorySlug ? catalog.categories.find((c) => c.slug === categorySlug) : undefined;
  const inCategory = !found || !categorySlug || found.category === categorySlug || category?.styles.includes(found.name);
  const style = found && inCategory ? found : null;
  if (!style) {
    ctx.notFound();
    return { style: null, layout: 'V1', samples: [], faqs: [], initialFinish: null, categoryTitle: null };
  }
  const home = catalog.categories.find((c) => c.slug === (categorySlug ?? style.category));
  ctx.setMetadata({ title: style.title, description: truncateAtWord(style.description, 155).text, image: style.images[0]?.src });
  ctx.setBreadcrumb([
    { label: 'Home', path: '/' },
    { label: 'Products', path: categoryBase(ctx.settings) },
    ...(home ? [{ label: home.title, path: `${categoryBase(ctx.settings)}/${home.slug}` }] : []),
    { label: style.title },
  ]);
  if (block.structuredData !== false) {
    const prices = style.items.map((i) => i.price);
    ctx.addStructuredData({
      '@type': 'Product',
      name: style.title,
      description: style.description,
      image: style.images.map((i) => i.src),
      brand: { '@type': 'Brand', name: ctx.settings.siteName },
      category: home?.title,
      ...(style.items[0] ? { sku: style.items[0].sku } : {}),
      ...(prices.length
        ? { offers: { '@type': 'AggregateOffer', priceCurrency: 'USD', lowPrice: Math.min(...prices).toFixed(2), highPrice: Math.max(...prices).toFixed(2), offerCount: prices.length } }
        : {}),
      ...(style.rating && style.rating.reviewCount > 0
        ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: style.rating.avgRating, reviewCount: style.rating.reviewCount, bestRating: 5, worstRating: 1 } }
        : {}),
    });
  }
  const faqs = catalog.faqs.filter((f) => f.styles?.includes(style.name)).map((f) => ({ question: f.question, answer: f.answer }));
  return {
    style,
    layout: block.layout ?? style.layout ?? 'V1',
    samples: block.showSamples === false ? [] : sampleViews(style),
    faqs,
    initialFinish: finishFromQuery(style, ctx.query),
    categoryTitle: home?.title ?? null,
  };
}

function imagesFor(style: ProductStyle, choice: FinishChoice | null): GalleryImageView[] {
  const finish = finishOf(style, choice);
  const own = style.images.map(({ src, altText, width, height }) => ({ src, altText, ...(width ? { width } : {}), ...(height ? { height } : {}) }));
  if (!finish) return own;
  const first = [finish.previewImage, finish.doorImage];
  return [...first, ...own.filter((i) => !first.some((f) => f.src === i.src))];
}

/** Writes the chosen finish into the address bar (?type=&value=) so the page can be shared as it is. */
function rememberFinish(choice: FinishChoice) {
  const params = new URLSearchParams(window.location.search);
  params.set('type', choice.type);
  params.set('value', choice.value);
  window.history.replaceState(window.history.state, '', `${window.location.pathname}?${params.toString()}`);
}

export function ProductStyleBlock({ block, data }: BlockProps<ProductStyleBlockDef, ProductStyleData>) {
  const { style } = data;
  const [finish, setFinish] = useState<FinishChoice | null>(data.initialFinish);
  const [samplesShown, setSamplesShown] = useState(0);
  const images = useMemo(() => (style ? imagesFor(style, finish) : []), [style, finish]);
  if (!style) {
    return (
      <section className="product-style product-style--missing" id={block.id}>
        <h1>{STYLE_NOT_FOUND}</h1>
        <p>
          <a href="/products">Browse all products</a>
        </p>
      </section>
    );
  }
  const v2 = data.layout === 'V2';
  const chosen = finishOf(style, finish);
  const choose = (choice: FinishChoice) => {
    setFinish(choice);
    rememberFinish(choice);
  };
  const samplesId = `${block.id ?? 'product-style'}-samples`;
  const hasSampleSpec = style.specifications.specs.some((s) => s.type === 'sample');
  const offersSamples = block.showSamples !== false && data.samples.length > 0 && (!hasSampleSpec || block.showSpecifications !== false);
  // A plain link to the sample form (it works before the island hydrates); once live it also opens
  // the samples' tab when they sit in the specifications, and moves focus to the form.
  const goToSamples = (e: MouseEvent<HTMLAnchorElement>) => {
    const form = document.getElementById(samplesId);
    if (!form) return;
    e.preventDefault();
    flushSync(() => setSamplesShown((n) => n + 1));
    form.focus();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}#${samplesId}`);
  };
  const heading = (
    <header className="product-style__head">
      {style.label && <span className="product-style__label">{style.label}</span>}
      <h1 className="product-style__title">{style.title}</h1>
      {data.categoryTitle && <p className="product-style__category">{data.categoryTitle}</p>}
      {style.rating && style.rating.reviewCount > 0 && <ReviewBadge summary={style.rating} label={`${style.title} rating`} />}
      {offersSamples && (
        <a className="button button--secondary product-style__order-samples" href={`#${samplesId}`} onClick={goToSamples}>
          {ORDER_SAMPLES_LINK}
        </a>
      )}
    </header>
  );
  const finishes = (
    <div className="product-style__finishes">
      <h2 className="product-style__subhead">
        Finish{chosen ? <span className="product-style__chosen">: {chosen.label}</span> : null}
      </h2>
      <Swatches groups={style.finishes} selected={finish} onSelect={choose} limit={v2 ? V2_VISIBLE_FINISHES : SWATCH_LIMITS.productList} showGroupTitles label={`${style.title} finishes`} />
    </div>
  );
  const about = (
    <div className="product-style__about">
      <ReadMore text={style.description} limit={STYLE_DESCRIPTION_LIMIT} className="product-style__description" />
      {style.highlights && style.highlights.length > 0 && <ShortList items={style.highlights} className="product-style__highlights" />}
    </div>
  );
  const samples = block.showSamples !== false && (
    <SampleList samples={data.samples} styleTitle={style.title} id={samplesId} {...(sampleSkuFor(style, finish) ? { preselect: sampleSkuFor(style, finish)! } : {})} />
  );
  return (
    <article className={`product-style product-style--${v2 ? 'v2' : 'v1'}`} id={block.id}>
      {v2 ? (
        <>
          {heading}
          <ImageGallery images={images} label={`${style.title} images`} />
          <div className="product-style__columns">
            {about}
            <div className="product-style__side">
              {finishes}
              {!hasSampleSpec && samples}
            </div>
          </div>
        </>
      ) : (
        <div className="product-style__columns">
          <ImageGallery images={images} label={`${style.title} images`} />
          <div className="product-style__side">
            {heading}
            {about}
            {finishes}
            {!hasSampleSpec && samples}
          </div>
        </div>
      )}
      {block.showSpecifications !== false && (
        <section className="product-style__specs" aria-labelledby="product-style-specs">
          <h2 id="product-style-specs">Specifications</h2>
          <SpecView specifications={style.specifications} faqs={data.faqs} samples={data.samples} styleTitle={style.title} samplesId={samplesId} showSamples={samplesShown} {...(sampleSkuFor(style, finish) ? { preselectSku: sampleSkuFor(style, finish)! } : {})} />
        </section>
      )}
    </article>
  );
}
