/**
 * "Add a block": the catalogue of block types, each with its picture (its example drawn by the real
 * renderer, in a frame where nothing runs), its name and a plain description; a filter; one button
 * per type. By keyboard: the filter first, ↓ into the list, the arrows between types, Enter adds,
 * Escape closes and gives focus back to the button that opened it.
 */
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { filterCatalogue } from './block-catalogue';

/** The pictures are drawn 960 x 600 (a small laptop's page) and scaled down to the card's width. */
const PICTURE_WIDTH = 960;
const PICTURE_HEIGHT = 600;

/** Keeps --picture-scale of the list at the cards' picture width over the drawn width. */
function usePictureScale(list: RefObject<HTMLUListElement | null>, open: boolean) {
  useLayoutEffect(() => {
    const el = list.current;
    if (!open || !el) return;
    const measure = () => {
      const box = el.querySelector<HTMLElement>('.studio-catalogue__picture');
      if (box && box.clientWidth > 0) el.style.setProperty('--picture-scale', String(box.clientWidth / PICTURE_WIDTH));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [list, open]);
}

export function BlockCatalogue({ onAdd }: { onAdd(type: string): void }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const panelId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const entries = open ? filterCatalogue(filter) : [];
  usePictureScale(list, open);
  const close = () => {
    setOpen(false);
    setFilter('');
    opener.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
      return;
    }
    const items = [...(list.current?.querySelectorAll<HTMLButtonElement>('.studio-catalogue__item') ?? [])];
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[e.key];
    // In the filter, only ↓ leaves it (← and → move in its text).
    if (step === undefined || (at === -1 && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    const next = at === -1 ? 0 : at + step;
    if (next < 0) (e.currentTarget.querySelector('input') as HTMLInputElement | null)?.focus();
    else items[Math.min(next, items.length - 1)]!.focus();
  };
  return (
    <div className="studio-catalogue">
      <button ref={opener} type="button" className="studio-button studio-button--primary" aria-expanded={open} aria-controls={panelId} onClick={() => (open ? close() : setOpen(true))}>
        + Add a block
      </button>
      {open && (
        <div className="studio-catalogue__panel" id={panelId} role="group" aria-label="Block types" onKeyDown={onKeyDown}>
          <label className="studio-catalogue__filter">
            Find a block type
            <input type="search" value={filter} autoFocus onChange={(e) => setFilter(e.target.value)} aria-describedby={`${panelId}-keys`} />
          </label>
          <p className="studio-hint" id={`${panelId}-keys`}>
            ↓ and the arrow keys move between the blocks; Enter adds one; Escape closes.
          </p>
          <ul className="studio-catalogue__list" ref={list}>
            {entries.map((e) => (
              <li key={e.type} className="studio-catalogue__card">
                <span className="studio-catalogue__picture" aria-hidden="true">
                  <iframe
                    src={e.picture}
                    title={`Picture of the ${e.title} block`}
                    sandbox=""
                    loading="lazy"
                    tabIndex={-1}
                    width={PICTURE_WIDTH}
                    height={PICTURE_HEIGHT}
                  />
                </span>
                <button
                  type="button"
                  className="studio-catalogue__item"
                  data-block-type={e.type}
                  onClick={() => {
                    setOpen(false);
                    setFilter('');
                    onAdd(e.type);
                  }}
                >
                  <strong>{e.title}</strong>
                  <span>{e.description}</span>
                </button>
              </li>
            ))}
          </ul>
          {entries.length === 0 && <p className="studio-hint">No block type matches “{filter}”.</p>}
        </div>
      )}
    </div>
  );
}
