/**
 * "Add a block": the catalogue of block types with their descriptions (from schemas/blocks/), a
 * filter, and one button per type. Escape closes it and gives focus back to the button that opened it.
 */
import { useId, useRef, useState } from 'react';
import { filterCatalogue } from './block-catalogue';

export function BlockCatalogue({ onAdd }: { onAdd(type: string): void }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const panelId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const entries = open ? filterCatalogue(filter) : [];
  const close = () => {
    setOpen(false);
    setFilter('');
    opener.current?.focus();
  };
  return (
    <div className="studio-catalogue">
      <button ref={opener} type="button" className="studio-button studio-button--primary" aria-expanded={open} aria-controls={panelId} onClick={() => (open ? close() : setOpen(true))}>
        + Add a block
      </button>
      {open && (
        <div
          className="studio-catalogue__panel"
          id={panelId}
          role="group"
          aria-label="Block types"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          <label className="studio-catalogue__filter">
            Find a block type
            <input type="search" value={filter} autoFocus onChange={(e) => setFilter(e.target.value)} />
          </label>
          <ul className="studio-catalogue__list">
            {entries.map((e) => (
              <li key={e.type}>
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
