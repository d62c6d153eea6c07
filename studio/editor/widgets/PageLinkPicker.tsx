/**
 * Where a link goes, chosen from the site's pages by their title and address ("Contact Us ·
 * /contact"), or typed: "Another address…" opens a text box for another site, an e-mail or a page
 * whose address takes a value. A value that is no page's address opens with the text box, so
 * opening a file never changes it. Menus of site settings, links of blocks and links in formatted
 * text all choose through it.
 */
import { useId, useRef, useState, type FocusEvent } from 'react';

export interface LinkablePage {
  address: string;
  title: string | undefined;
}

/** The addresses a link may go to, by page title (addresses of no titled page last, as they are). */
export function linkablePages(addresses: readonly string[], titles: ReadonlyMap<string, string> | undefined): LinkablePage[] {
  const pages = addresses.map((address) => ({ address, title: titles?.get(address) }));
  return pages.sort((a, b) => (a.title === undefined ? 1 : 0) - (b.title === undefined ? 1 : 0) || (a.title ?? '').localeCompare(b.title ?? ''));
}

const OTHER = '\u0000other';

export interface PageLinkPickerProps {
  id: string;
  value: string;
  pages: readonly LinkablePage[];
  onChange(value: string): void;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
  onBlur?(e: FocusEvent<HTMLElement>): void;
  onFocus?(e: FocusEvent<HTMLElement>): void;
}

export function PageLinkPicker({ id, value, pages, onChange, required, disabled, autoFocus, describedBy, invalid, placeholder, onBlur, onFocus }: PageLinkPickerProps) {
  const isPage = pages.some((p) => p.address === value);
  const [typing, setTyping] = useState(value !== '' && !isPage);
  const other = typing || (value !== '' && !isPage);
  const addressId = useId();
  const textBox = useRef<HTMLInputElement>(null);
  return (
    <div className="studio-link-picker">
      <select
        id={id}
        className="form-control"
        value={other ? OTHER : value}
        required={required}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-describedby={describedBy}
        onBlur={onBlur}
        onFocus={onFocus}
        onChange={(e) => {
          const chosen = e.target.value;
          if (chosen === OTHER) {
            setTyping(true);
            // The text box opens, ready for the address.
            requestAnimationFrame(() => textBox.current?.focus());
            return;
          }
          setTyping(false);
          onChange(chosen);
        }}
      >
        <option value="">Choose a page…</option>
        {pages.map((p) => (
          <option key={p.address} value={p.address}>
            {p.title ? `${p.title} · ${p.address}` : p.address}
          </option>
        ))}
        <option value={OTHER}>Another address…</option>
      </select>
      {other && (
        <label className="studio-link-picker__address" htmlFor={addressId}>
          Address
          <input
            ref={textBox}
            id={addressId}
            className="form-control"
            type="text"
            value={value}
            placeholder={placeholder ?? '/a-page, https://… or mailto:…'}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onBlur={onBlur}
            onFocus={onFocus}
            onChange={(e) => onChange(e.target.value)}
          />
        </label>
      )}
    </div>
  );
}
