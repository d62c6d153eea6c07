// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_ALT_REQUIRED } from '../../schemas/api/studio-images';
import { StudioApiError, type LibraryImage } from '../api/studio-client';
import { ImagesPage } from './ImagesPage';
import { fakeClient, operators, renderInStudio } from './testing/studio-fixture';

afterEach(cleanup);

const PHOTO: LibraryImage = {
  src: '/images/uploads/dallas-showroom-f005ef5a47.jpg',
  alt: 'The Dallas showroom',
  width: 1800,
  height: 1200,
  mediaType: 'image/jpeg',
  byteSize: 240_000,
  uploadedBy: operators.editor.email,
  createdAt: '2026-11-27T10:00:00.000Z',
  copies: [{ src: '/images/uploads/dallas-showroom-f005ef5a47-480w.webp', width: 480 }],
  usedOn: [{ file: 'pages/showroom-dallas.json', title: 'Dallas showroom', address: '/showrooms/dallas' }],
};

describe('ImagesPage', () => {
  it('shows each image with its alt text, size and the pages that use it, and searches', async () => {
    const images = vi.fn((search?: string) => Promise.resolve(search === 'nothing' ? [] : [PHOTO]));
    renderInStudio(<ImagesPage />, { client: fakeClient({ images }), operator: operators.viewer });
    const card = (await screen.findByText('The Dallas showroom')).closest('li')!;
    expect(card.textContent).toContain('1800 × 1200 · 234 kB · uploaded by eddie@example.com');
    expect(card.querySelector('img')!.getAttribute('src')).toBe(PHOTO.copies[0]!.src);
    expect(screen.getByRole('link', { name: 'Dallas showroom (/showrooms/dallas)' }).getAttribute('href')).toBe('/studio/edit/pages/showroom-dallas.json');
    // A viewer cannot upload.
    expect(screen.queryByRole('group', { name: 'Upload an image' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Search by name, alt text or page'), { target: { value: 'nothing' } });
    expect(await screen.findByText('No image matches.')).toBeTruthy();
    expect(images).toHaveBeenLastCalledWith('nothing');
  });

  it("uploads a file with its alt text, both asked for, and shows the server's refusal at its field", async () => {
    const uploadImage = vi
      .fn()
      .mockRejectedValueOnce(new StudioApiError(415, 'unsupported_image', 'Upload a JPEG, PNG, WebP, AVIF or SVG image.', { file: 'Upload a JPEG, PNG, WebP, AVIF or SVG image.' }))
      .mockResolvedValueOnce(PHOTO);
    renderInStudio(<ImagesPage />, { client: fakeClient({ images: vi.fn(() => Promise.resolve([])), uploadImage }), operator: operators.editor });
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(screen.getByText(IMAGE_ALT_REQUIRED)).toBeTruthy();
    expect(screen.getByText(/Choose a JPEG, PNG, WebP, AVIF or SVG image/)).toBeTruthy();
    expect(uploadImage).not.toHaveBeenCalled();
    const file = new File(['GIF89a'], 'sign.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByLabelText('Picture to upload'), { target: { files: [file] } });
    fireEvent.change(screen.getByLabelText(/^Alt text/), { target: { value: 'The showroom sign' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Upload a JPEG, PNG, WebP, AVIF or SVG image.')).toBeTruthy();
    expect(screen.getByLabelText('Picture to upload').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(`Uploaded ${PHOTO.src}. Choose it in a page's image field.`)).toBeTruthy();
    expect(uploadImage).toHaveBeenLastCalledWith(file, 'The showroom sign');
  });

  it("lets an admin delete an uploaded image after confirming, shows the server's refusal on its card, and offers no delete to an editor", async () => {
    const inUse = 'This image is still used by the published page Dallas showroom (/showrooms/dallas). Take it out of that first, then delete it.';
    const deleteImage = vi
      .fn()
      .mockRejectedValueOnce(new StudioApiError(409, 'image_in_use', inUse))
      .mockResolvedValueOnce({ success: true, message: `${PHOTO.src} is deleted from the library.` });
    const images = vi.fn(() => Promise.resolve([PHOTO, { ...PHOTO, src: '/images/banner-home.svg', uploadedBy: null, copies: [] }]));
    renderInStudio(<ImagesPage />, { client: fakeClient({ images, deleteImage }), operator: operators.admin });
    // Only the uploaded image can be deleted: the folder's own are changed in the folder.
    const ask = await screen.findByRole('button', { name: 'Delete uploads/dallas-showroom-f005ef5a47.jpg' });
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(1);
    fireEvent.click(ask);
    expect(deleteImage).not.toHaveBeenCalled();
    fireEvent.click(within(screen.getByRole('group', { name: 'Delete uploads/dallas-showroom-f005ef5a47.jpg?' })).getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByText(inUse)).toBeTruthy();
    expect(deleteImage).toHaveBeenLastCalledWith(PHOTO.src);
    fireEvent.click(screen.getByRole('button', { name: 'Delete uploads/dallas-showroom-f005ef5a47.jpg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByText(`${PHOTO.src} is deleted from the library.`)).toBeTruthy();
    // The list is read again after the delete (the message may show first).
    await waitFor(() => expect(images.mock.calls.length).toBeGreaterThan(1));
    cleanup();

    renderInStudio(<ImagesPage />, { client: fakeClient({ images: vi.fn(() => Promise.resolve([PHOTO])) }), operator: operators.editor });
    await screen.findByText('The Dallas showroom');
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });
});
