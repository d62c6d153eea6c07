import { useState } from 'react';
import { visibleSwatches, SWATCH_LIMITS } from './swatch-limits';
import './swatches.css';

export interface SwatchGroupView {
  name: string;
  title: string;
  items: { value: string; label: string; swatchImage: { src: string; altText: string } }[];
}

export interface FinishChoice {
  type: string;
  value: string;
}

interface Props {
  groups: readonly SwatchGroupView[];
  selected: FinishChoice | null;
  onSelect?(choice: FinishChoice): void;
  /** Swatches visible before the '+N' expander, across all groups: 11 by default, 10 in a product list, 9 on a style card. */
  limit?: number;
  /** Shows each group's title above its swatches. */
  showGroupTitles?: boolean;
  label: string;
  /** Swatches as links (e.g. on a style card): the href of each finish. */
  hrefFor?(choice: FinishChoice): string;
}

/**
 * Finish swatches: colour chips as radio-like buttons (aria-pressed), the first `limit` visible, a
 * '+N' button shows the rest and 'Less' hides them again.
 */
export function Swatches({ groups, selected, onSelect, limit = SWATCH_LIMITS.default, showGroupTitles = false, label, hrefFor }: Props) {
  const [expanded, setExpanded] = useState(false);
  const flat = groups.flatMap((g) => g.items.map((item) => ({ group: g, item })));
  const { visible, hidden } = visibleSwatches(flat, limit, expanded);
  const shownGroups = groups.map((g) => ({ group: g, items: visible.filter((v) => v.group === g).map((v) => v.item) })).filter((g) => g.items.length > 0);
  const toggle =
    hidden > 0 ? (
      <button type="button" className="swatches__more" aria-expanded={false} aria-label={`Show ${hidden} more finishes`} onClick={() => setExpanded(true)}>
        +{hidden}
      </button>
    ) : expanded ? (
      <button type="button" className="swatches__more" aria-expanded={true} onClick={() => setExpanded(false)}>
        Less
      </button>
    ) : null;
  return (
    <div className="swatches" role="group" aria-label={label}>
      {shownGroups.map(({ group, items }, gi) => (
        <div className="swatches__group" key={group.name}>
          {showGroupTitles && <p className="swatches__title">{group.title}</p>}
          <ul className="swatches__list">
            {items.map((item) => {
              const choice = { type: group.name, value: item.value };
              const pressed = selected?.type === group.name && selected.value === item.value;
              const chip = <img src={item.swatchImage.src} alt="" width={36} height={36} loading="lazy" />;
              return (
                <li key={item.value}>
                  {hrefFor ? (
                    <a className={`swatch${pressed ? ' swatch--selected' : ''}`} href={hrefFor(choice)} title={item.label} aria-label={item.label}>
                      {chip}
                    </a>
                  ) : (
                    <button type="button" className={`swatch${pressed ? ' swatch--selected' : ''}`} title={item.label} aria-label={item.label} aria-pressed={pressed} onClick={() => onSelect?.(choice)}>
                      {chip}
                    </button>
                  )}
                </li>
              );
            })}
            {gi === shownGroups.length - 1 && toggle && <li>{toggle}</li>}
          </ul>
        </div>
      ))}
    </div>
  );
}
