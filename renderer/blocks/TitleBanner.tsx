import { preload } from 'react-dom';
import type { TitleBannerBlock } from '../../schemas/blocks/banners.schema';
import { usePage } from '../page-context';
import { titleLengthClass } from '../text/display-text';
import { BreadcrumbTrail } from './Breadcrumb';

/** A title band with the page's breadcrumb under it. */
export function TitleBanner({ block }: { block: TitleBannerBlock }) {
  const { breadcrumb, title: pageTitle } = usePage();
  const title = block.title ?? pageTitle;
  // The band opens the page and its picture is its largest paint; as a CSS background it would be
  // found only once the stylesheet is read: asked for with the page instead (the head, see
  // server/ssr/html-document.ts).
  if (block.image) preload(block.image.src, { as: 'image', fetchPriority: 'high' });
  return (
    <section
      className={`title-banner${block.image ? ' title-banner--image' : ''}`}
      id={block.id}
      style={block.image ? { backgroundImage: `url("${block.image.src}")` } : undefined}
    >
      <div className="title-banner__inner">
        <h1 className={`title-banner__title title--${titleLengthClass(title)}`}>{title}</h1>
        {block.subtitle && <p className="title-banner__subtitle">{block.subtitle}</p>}
        {block.breadcrumb !== false && <BreadcrumbTrail trail={breadcrumb} />}
      </div>
    </section>
  );
}
