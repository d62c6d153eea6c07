import { useState } from 'react';
import { limitList, truncateAtWord } from './truncate';

/** Text cut on a word boundary (350 for style descriptions, 220 elsewhere) with Read more / Show less. */
export function ReadMore({ text, limit, className }: { text: string; limit: number; className?: string }) {
  const [open, setOpen] = useState(false);
  const cut = truncateAtWord(text, limit);
  return (
    <div className={className}>
      <p>{open || !cut.truncated ? text : cut.text}</p>
      {cut.truncated && (
        <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Read more'}
        </button>
      )}
    </div>
  );
}

/** A list that shows its first 6 items and a 'Read more...' button for the rest. */
export function ShortList({ items, className }: { items: readonly string[]; className?: string }) {
  const [open, setOpen] = useState(false);
  const { items: first, more } = limitList(items);
  const shown = open ? items : first;
  return (
    <div className={className}>
      <ul>
        {shown.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
      {more && (
        <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Read more...'}
        </button>
      )}
    </div>
  );
}
