// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
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
});
