import type { TitleBannerBlock } from '../../schemas/blocks/banners.schema';
import { usePage } from '../page-context';
import { titleLengthClass } from '../text/display-text';
import { BreadcrumbTrail } from './Breadcrumb';

/** A title band with the page's breadcrumb under it. */
export function TitleBanner({ block }: { block: TitleBannerBlock }) {
  const { breadcrumb, title: pageTitle } = usePage();
  const title = block.title ?? pageTitle;
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
