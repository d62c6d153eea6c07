import { useEffect, useRef, useState } from 'react';
import './filter-tabs.css';

export interface FilterTab {
  value: string;
  label: string;
}

/** Scroll step of the scroll buttons and gap between tabs. */
export const TAB_SCROLL_STEP = 200;
export const TAB_GAP = 15;

export type TabStripMode = 'wrap' | 'scroll' | 'buttons';

interface Props {
  tabs: readonly FilterTab[];
  /** The selected tab's value; null is 'All'. */
  selected: string | null;
  onSelect(value: string | null): void;
  /** Adds an 'All' tab first (selected when `selected` is null). */
  showAll?: boolean;
  mode?: TabStripMode;
  label: string;
  /** With links (SSR without JavaScript): the href of each tab; a click is still handed to onSelect. */
  hrefFor?(value: string | null): string;
}

/**
 * Category tabs: the strip wraps, scrolls, or scrolls with previous/next buttons moving
 * 200 px. Tabs are toggle buttons (aria-pressed) in a labelled group; Left/Right move between them.
 */
export function FilterTabs({ tabs, selected, onSelect, showAll = true, mode = 'wrap', label, hrefFor }: Props) {
  const strip = useRef<HTMLDivElement>(null);
  const [canScroll, setCanScroll] = useState({ back: false, forward: false });
  const all: { value: string | null; label: string }[] = [...(showAll ? [{ value: null, label: 'All' }] : []), ...tabs];

  useEffect(() => {
    const el = strip.current;
    if (!el || mode !== 'buttons') return;
    const update = () => setCanScroll({ back: el.scrollLeft > 0, forward: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [mode]);

  const scrollBy = (dx: number) => strip.current?.scrollBy({ left: dx, behavior: 'smooth' });

  const onKeyDown = (e: React.KeyboardEvent, i: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const items = strip.current?.querySelectorAll<HTMLElement>('.filter-tabs__tab');
    const next = (i + (e.key === 'ArrowRight' ? 1 : -1) + all.length) % all.length;
    items?.[next]?.focus();
  };

  return (
    <div className={`filter-tabs filter-tabs--${mode}`}>
      {mode === 'buttons' && (
        <button type="button" className="filter-tabs__scroll" aria-label="Scroll tabs back" disabled={!canScroll.back} onClick={() => scrollBy(-TAB_SCROLL_STEP)}>
          ‹
        </button>
      )}
      <div className="filter-tabs__strip" ref={strip} role="group" aria-label={label} style={{ gap: `${TAB_GAP}px` }}>
        {all.map((tab, i) => {
          const pressed = tab.value === selected;
          const common = {
            className: `filter-tabs__tab${pressed ? ' filter-tabs__tab--active' : ''}`,
            onKeyDown: (e: React.KeyboardEvent) => onKeyDown(e, i),
          };
          return hrefFor ? (
            <a
              key={tab.value ?? '__all'}
              {...common}
              href={hrefFor(tab.value)}
              aria-current={pressed ? 'true' : undefined}
              onClick={(e) => {
                e.preventDefault();
                onSelect(tab.value);
              }}
            >
              {tab.label}
            </a>
          ) : (
            <button key={tab.value ?? '__all'} {...common} type="button" aria-pressed={pressed} onClick={() => onSelect(tab.value)}>
              {tab.label}
            </button>
          );
        })}
      </div>
      {mode === 'buttons' && (
        <button type="button" className="filter-tabs__scroll" aria-label="Scroll tabs forward" disabled={!canScroll.forward} onClick={() => scrollBy(TAB_SCROLL_STEP)}>
          ›
        </button>
      )}
    </div>
  );
}
