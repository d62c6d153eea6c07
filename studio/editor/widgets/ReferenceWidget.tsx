/**
 * A reference to another definition as a choice of the names that exist: a select for forms,
 * popups, pages and estimator templates (a typo can no longer hide a popup); a link, chosen from
 * the site's pages by title and address, or typed (./PageLinkPicker.tsx); a combobox (a text box
 * with suggestions) for styles, which may also be a route parameter. A value that names nothing
 * stays shown, marked, so opening a file never changes it.
 */
import type { ChangeEvent, FocusEvent } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { EditorFormContext } from '../editor-context';
import type { ReferenceTarget } from '../field-kinds';
import { linkablePages, PageLinkPicker } from './PageLinkPicker';

const WHAT: Record<ReferenceTarget, string> = {
  form: 'form',
  popup: 'popup',
  page: 'page',
  style: 'style',
  estimator: 'estimator template',
  route: 'address of the site',
};

export function ReferenceWidget(props: WidgetProps & { target: ReferenceTarget; strict: boolean }) {
  const { id, value, target, strict, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, registry, htmlName } = props;
  const context = registry.formContext as EditorFormContext | undefined;
  const titles = context?.referenceTitles?.[target];
  // Offered by the title the file list gives them ("Get in touch"), not the file's name.
  const names = [...(context?.names[target] ?? [])].sort((a, b) => (titles?.get(a) ?? a).localeCompare(titles?.get(b) ?? b));
  const current = typeof value === 'string' ? value : '';
  const missing = current !== '' && !names.includes(current);
  const describedBy = ariaDescribedByIds(id);

  if (strict) {
    return (
      <>
        <select
          id={id}
          name={htmlName || id}
          className="form-control"
          value={current}
          required={required}
          disabled={disabled || readonly}
          autoFocus={autofocus}
          aria-describedby={missing ? `${describedBy} ${id}__missing` : describedBy}
          aria-invalid={missing || undefined}
          onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
          onBlur={(e: FocusEvent<HTMLSelectElement>) => onBlur(id, e.target.value)}
          onFocus={(e: FocusEvent<HTMLSelectElement>) => onFocus(id, e.target.value)}
        >
          <option value="">{`Choose a ${WHAT[target]}…`}</option>
          {missing && <option value={current}>{`${current} (not found)`}</option>}
          {names.map((n) => (
            <option key={n} value={n}>
              {titles?.get(n) ?? n}
            </option>
          ))}
        </select>
        {missing && (
          <p className="studio-field-warning" id={`${id}__missing`}>
            No {WHAT[target]} is named “{current}”.
          </p>
        )}
      </>
    );
  }
  if (target === 'route') {
    return (
      <PageLinkPicker
        id={id}
        value={current}
        pages={linkablePages(names, context?.pageTitles)}
        required={required}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        describedBy={describedBy}
        onChange={(v) => onChange(v === '' ? options.emptyValue : v)}
        onBlur={() => onBlur(id, current)}
        onFocus={() => onFocus(id, current)}
      />
    );
  }
  const listId = `${id}__names`;
  return (
    <>
      <input
        id={id}
        name={htmlName || id}
        className="form-control"
        type="text"
        list={listId}
        autoComplete="off"
        value={current}
        required={required}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <datalist id={listId}>
        {names.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
    </>
  );
}
