import type { BreadcrumbBlock } from '../../schemas/blocks/breadcrumb.schema';
import { usePage } from '../page-context';
import type { Crumb } from './block-definition';

/** The trail as a nav landmark; the last crumb is the current page (not a link). */
export function BreadcrumbTrail({ trail }: { trail: readonly Crumb[] }) {
  if (trail.length < 2) return null;
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol>
        {trail.map((crumb, i) => {
          const last = i === trail.length - 1;
          return (
            <li key={i}>
              {crumb.path && !last ? <a href={crumb.path}>{crumb.label}</a> : <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Built from the route definition, or from the items given in the block. */
export function Breadcrumb({ block }: { block: BreadcrumbBlock }) {
  const { breadcrumb } = usePage();
  return (
    <div className="breadcrumb-block" id={block.id}>
      <BreadcrumbTrail trail={block.items ?? breadcrumb} />
    </div>
  );
}
