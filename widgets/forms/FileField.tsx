import { isFileList } from '../../schemas/evaluators/field-values';
import { formatFileSize } from '../../schemas/file-size';
import { maxFileSizeMb } from '../../schemas/evaluators/file-rules';
import { controlAria, FieldFooter, FieldLabel, type FieldProps } from './Field';
import { fieldId } from './field-ids';
import type { FieldSnapshot } from './form-store';

/**
 * An upload field: chosen files are added to the list (extra files beyond maxFiles dropped, wrong
 * types refused with 'File format is not supported'); each listed file has a Remove button; a file
 * over maxFileSize stays listed with 'File is too large, maximum allowed size is {n}MB' until removed.
 */
export function FileField({ store, field, idPrefix, snap }: FieldProps & { snap: FieldSnapshot }) {
  const id = fieldId(idPrefix, field.name);
  const files = isFileList(snap.value) ? (snap.value as readonly File[]) : [];
  const maxFiles = field.maxFiles ?? 1;
  const hint = `${maxFiles === 1 ? 'One file' : `Up to ${maxFiles} files`}, at most ${maxFileSizeMb(field)} MB each${field.fileTypes?.length ? ` (${field.fileTypes.join(', ')})` : ''}.`;
  return (
    <>
      <FieldLabel htmlFor={id} field={field} />
      <input
        id={id}
        name={field.name}
        type="file"
        className="sf-file__input"
        multiple={maxFiles > 1}
        accept={field.fileTypes?.join(',')}
        disabled={snap.disabled}
        onChange={(e) => {
          store.addFiles(field.name, Array.from(e.target.files ?? []));
          // Let the same file be chosen again after it was removed.
          e.target.value = '';
        }}
        {...controlAria(idPrefix, field, snap, true)}
      />
      {files.length > 0 && (
        <ul className="sf-file__list">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="sf-file__item">
              <span className="sf-file__name">{f.name}</span> <span className="sf-file__size">({formatFileSize(f.size)})</span>
              <button type="button" className="link sf-file__remove" aria-label={`Remove ${f.name}`} onClick={() => store.removeFile(field.name, i)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldFooter idPrefix={idPrefix} field={field} error={snap.error}>
        {field.description ? ' ' : null}
        {hint}
      </FieldFooter>
    </>
  );
}
