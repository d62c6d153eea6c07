/**
 * Upload an image into the content: the file (JPEG, PNG, WebP, AVIF or SVG) and its alt text, both
 * required, the limits said beforehand and checked again by the server, whose message shows at the
 * field it names. Used by the image library and by the image picker of a form.
 */
import { useId, useState, type FormEvent } from 'react';
import { IMAGE_ALT_REQUIRED } from '../../../schemas/api/studio-images';
import { IMAGE_TYPES, IMAGE_TYPES_IN_WORDS, MAX_ALT_LENGTH, MAX_IMAGE_BYTES, MAX_SVG_BYTES } from '../../../schemas/uploaded-images';
import { StudioApiError, type LibraryImage } from '../../api/studio-client';
import { useStudio } from '../../app/studio-context';

const LIMITS = `${IMAGE_TYPES_IN_WORDS}, at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB (an SVG ${MAX_SVG_BYTES / 1024 / 1024} MB). Smaller copies are made for phones.`;

export function ImageUploadForm({ onUploaded }: { onUploaded(image: LibraryImage): void }) {
  const { client, failure } = useStudio();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState('');

  const upload = async (e?: FormEvent) => {
    e?.preventDefault();
    const missing: Record<string, string> = {};
    if (!file) missing.file = `Choose a ${IMAGE_TYPES_IN_WORDS} image.`;
    if (!alt.trim()) missing.alt = IMAGE_ALT_REQUIRED;
    setFields(missing);
    setError('');
    if (Object.keys(missing).length || !file) return;
    setBusy(true);
    try {
      const image = await client.uploadImage(file, alt.trim());
      setFile(null);
      setAlt('');
      onUploaded(image);
    } catch (err) {
      if (err instanceof StudioApiError && Object.keys(err.fields).length) setFields(err.fields);
      else setError(failure(err));
    } finally {
      setBusy(false);
    }
  };

  // Not a <form>: the picker sits inside the definition's form, and forms do not nest.
  return (
    <div className="image-upload" role="group" aria-labelledby={`${id}-title`}>
      <h3 className="image-upload__title" id={`${id}-title`}>
        Upload an image
      </h3>
      <p className="muted image-upload__limits" id={`${id}-limits`}>
        {LIMITS}
      </p>
      <label className="field__label" htmlFor={`${id}-file`}>
        Picture to upload
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        aria-invalid={fields.file ? true : undefined}
        aria-describedby={`${id}-limits${fields.file ? ` ${id}-file-problem` : ''}`}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      {fields.file ? (
        <p className="field__error" id={`${id}-file-problem`}>
          {fields.file}
        </p>
      ) : null}
      <label className="field__label" htmlFor={`${id}-alt`}>
        Alt text: what the image shows, for people who cannot see it
      </label>
      <input
        id={`${id}-alt`}
        className="field__input"
        type="text"
        maxLength={MAX_ALT_LENGTH}
        value={alt}
        aria-invalid={fields.alt ? true : undefined}
        aria-describedby={fields.alt ? `${id}-alt-problem` : undefined}
        onChange={(e) => setAlt(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void upload();
          }
        }}
      />
      {fields.alt ? (
        <p className="field__error" id={`${id}-alt-problem`}>
          {fields.alt}
        </p>
      ) : null}
      <button type="button" className="button button--primary studio-button" disabled={busy} onClick={() => void upload()}>
        {busy ? 'Uploading…' : 'Upload'}
      </button>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
