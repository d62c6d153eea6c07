/**
 * The image library: every image of the content (uploaded ones first), each with its alt text,
 * size and the pages that show it ("used on"), a search over all of that, and the upload. An
 * admin deletes an uploaded image after confirming; the server refuses while a page shows it, and
 * its message (naming the pages) is shown on the image's card.
 */
import { useEffect, useRef, useState } from 'react';
import type { LibraryImage } from '../api/studio-client';
import { ImageUploadForm } from '../editor/widgets/ImageUploadForm';
import { editPath, Link } from './router';
import { atLeast, useStudio } from './studio-context';
import { Alert, ListState, PageTitle, Status, useLoad } from './ui';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`);

export function ImagesPage() {
  const { client, operator, failure } = useStudio();
  const [search, setSearch] = useState('');
  const [images, reload] = useLoad(() => client.images(search.trim()), failure, [client, search]);
  const [status, setStatus] = useState('');

  return (
    <main id="main" className="page images">
      <div className="page__head">
        <PageTitle title="Images">Images</PageTitle>
        <p className="page__intro">The site's pictures: where each is used, and its alt text. Choose one in a page's image field, or upload a new one here.</p>
      </div>
      <Status>{status}</Status>
      <div className="images__columns">
        <section aria-labelledby="library-title">
          <h2 className="section-title" id="library-title">
            Library
          </h2>
          <label className="field__label" htmlFor="image-search">
            Search by name, alt text or page
          </label>
          <input id="image-search" className="field__input images__search" type="search" value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
          <ListState data={images} what="the images" isEmpty={(v) => v.length === 0} retry={reload} empty={<p>{search.trim() ? 'No image matches.' : 'No images yet.'}</p>}>
            {(list) => (
              <ul className="images__grid">
                {list.map((image) => (
                  <ImageCard
                    key={image.src}
                    image={image}
                    canDelete={atLeast(operator, 'admin') && image.uploadedBy !== null}
                    onDeleted={(message) => {
                      setStatus(message);
                      reload();
                    }}
                  />
                ))}
              </ul>
            )}
          </ListState>
        </section>
        {atLeast(operator, 'editor') ? (
          <aside className="images__upload">
            <ImageUploadForm
              onUploaded={(image) => {
                setStatus(`Uploaded ${image.src}. Choose it in a page's image field.`);
                setSearch('');
                reload();
              }}
            />
          </aside>
        ) : null}
      </div>
    </main>
  );
}

function ImageCard({ image, canDelete, onDeleted }: { image: LibraryImage; canDelete: boolean; onDeleted(message: string): void }) {
  return (
    <li className="image-card">
      <img className="image-card__picture" src={image.copies[0]?.src ?? image.src} alt="" loading="lazy" width={160} height={120} />
      <div className="image-card__text">
        <code className="image-card__src">{image.src.replace(/^\/images\//, '')}</code>
        <span className="image-card__alt">{image.alt || <span className="muted">(no alt text given in the content)</span>}</span>
        <span className="muted image-card__meta">
          {image.width && image.height ? `${image.width} × ${image.height} · ` : ''}
          {size(image.byteSize)}
          {image.uploadedBy ? ` · uploaded by ${image.uploadedBy}` : ''}
        </span>
        <span className="image-card__used">
          {image.usedOn.length === 0 ? (
            <span className="muted">Not used on any page</span>
          ) : (
            <>
              Used on{' '}
              {image.usedOn.map((u, i) => (
                <span key={u.file}>
                  {i ? ', ' : ''}
                  <Link href={editPath(u.file)}>
                    {u.title}
                    {u.address ? ` (${u.address})` : ''}
                  </Link>
                </span>
              ))}
            </>
          )}
        </span>
        {canDelete ? <DeleteImage image={image} onDeleted={onDeleted} /> : null}
      </div>
    </li>
  );
}

/** The admin's delete: asked, then confirmed; the server's refusal stays on the card. */
function DeleteImage({ image, onDeleted }: { image: LibraryImage; onDeleted(message: string): void }) {
  const { client, failure } = useStudio();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const confirmRef = useRef<HTMLButtonElement>(null);
  const name = image.src.replace(/^\/images\//, '');

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const remove = async () => {
    setBusy(true);
    setError('');
    try {
      const answer = await client.deleteImage(image.src);
      onDeleted(answer.message);
    } catch (e) {
      setBusy(false);
      setConfirming(false);
      setError(failure(e));
    }
  };

  return (
    <div className="image-card__delete">
      {confirming ? (
        <div role="group" aria-label={`Delete ${name}?`}>
          <p>
            <strong>Delete {name}?</strong> It leaves the library and every server; a page that names it later shows no picture.
          </p>
          <button type="button" ref={confirmRef} className="button button--danger" onClick={() => void remove()} aria-disabled={busy || undefined}>
            {busy ? 'Deleting…' : 'Yes, delete it'}
          </button>{' '}
          <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)} aria-label={`Delete ${name}`}>
          Delete
        </button>
      )}
      <Alert>{error}</Alert>
    </div>
  );
}
