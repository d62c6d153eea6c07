/**
 * An image of the content folder: the path in a text box (any /images/… path may be typed), the
 * current image as a thumbnail, and a "Choose" panel of the site's images as thumbnails with a
 * filter (the site serves /images/… itself, so the studio shows them as they are), and an upload.
 * An uploaded image is chosen at once, and its alt text, width and height (typed for this image a
 * moment ago, or read from it) replace those of the image's own fields beside this one (the picker
 * edits `src`; its siblings are fields of the same form, reached as the operator would, by their
 * inputs).
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { LibraryImage } from '../../api/studio-client';
import type { EditorFormContext } from '../editor-context';
import { ImageUploadForm } from './ImageUploadForm';

/** Types `value` into the input of a sibling field (rjsf ids: root_image_src -> root_image_alt), as React hears typing. */
function fillSibling(srcId: string, name: string, value: string): void {
  if (!srcId.endsWith('src')) return;
  const input = document.getElementById(`${srcId.slice(0, -'src'.length)}${name}`);
  if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) || input.value === value) return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input) as object, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const SHOWN = 48;

export function ImagePickerWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, registry, htmlName } = props;
  const context = registry.formContext as EditorFormContext | undefined;
  const [uploaded, setUploaded] = useState<string[]>([]);
  const images = useMemo(() => [...uploaded, ...(context?.images ?? []).filter((src) => !uploaded.includes(src))], [uploaded, context?.images]);
  const current = typeof value === 'string' ? value : '';
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const matching = useMemo(() => {
    const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
    return images.filter((src) => words.every((w) => src.toLowerCase().includes(w)));
  }, [images, filter]);
  const known = current === '' || images.includes(current);
  const locked = disabled || readonly;

  const choose = (src: string) => {
    onChange(src);
    setOpen(false);
    toggle.current?.focus();
  };
  const onUploaded = (image: LibraryImage) => {
    setUploaded((u) => [image.src, ...u]);
    choose(image.src);
    // After the choice renders: the siblings are the image's fields in the same form.
    requestAnimationFrame(() => {
      fillSibling(id, 'alt', image.alt);
      if (image.width) fillSibling(id, 'width', String(image.width));
      if (image.height) fillSibling(id, 'height', String(image.height));
    });
  };
  const onPanelKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    }
  };

  return (
    <div className="studio-image-picker">
      <div className="studio-image-picker__row">
        {current && known ? <img className="studio-image-picker__current" src={current} alt="" width={64} height={48} /> : <span className="studio-image-picker__current studio-image-picker__none" aria-hidden="true" />}
        <input
          id={id}
          name={htmlName || id}
          className="form-control"
          type="text"
          value={current}
          required={required}
          readOnly={readonly}
          disabled={disabled}
          autoFocus={autofocus}
          placeholder="/images/…"
          aria-describedby={known ? ariaDescribedByIds(id) : `${ariaDescribedByIds(id)} ${id}__missing`}
          onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
          onBlur={(e) => onBlur(id, e.target.value)}
          onFocus={(e) => onFocus(id, e.target.value)}
        />
        {!locked && (
          <button type="button" ref={toggle} className="studio-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
            Choose…
          </button>
        )}
      </div>
      {!known && (
        <p className="studio-field-warning" id={`${id}__missing`}>
          The content folder has no image {current}.
        </p>
      )}
      {open && (
        <div className="studio-image-picker__panel" id={panelId} role="group" aria-label="The site's images" onKeyDown={onPanelKey}>
          <label className="studio-image-picker__filter">
            Filter images
            <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} autoFocus />
          </label>
          <ul className="studio-image-picker__grid">
            {matching.slice(0, SHOWN).map((src) => (
              <li key={src}>
                <button type="button" aria-pressed={src === current} onClick={() => choose(src)} title={src}>
                  <img src={src} alt="" loading="lazy" width={96} height={72} />
                  <span>{src.replace(/^\/images\//, '')}</span>
                </button>
              </li>
            ))}
          </ul>
          <p className="studio-hint" aria-live="polite">
            {matching.length === 0 ? 'No image matches.' : matching.length > SHOWN ? `Showing ${SHOWN} of ${matching.length}: filter to find more.` : `${matching.length} images.`}
          </p>
          <ImageUploadForm onUploaded={onUploaded} />
        </div>
      )}
    </div>
  );
}
