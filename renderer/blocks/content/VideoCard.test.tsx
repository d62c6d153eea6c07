// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { VideoCard } from './VideoCard';

afterEach(cleanup);

describe('VideoCard', () => {
  it('shows the local thumbnail until play, then the player', () => {
    const { container } = render(
      <VideoCard video={{ videoUrl: 'https://youtu.be/abcDEF12345', videoType: 'youtube', thumbnail: { src: '/images/v.svg', alt: 'Kitchen tour' }, title: 'Tour' }} />,
    );
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/images/v.svg');
    expect(container.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play video: Tour' }));
    expect(container.querySelector('iframe')?.getAttribute('src')).toContain('/embed/abcDEF12345');
  });

  it('falls back through YouTube qualities when a still fails (no request is made in jsdom)', () => {
    const { container } = render(<VideoCard video={{ videoUrl: 'https://youtu.be/abcDEF12345', title: 'Tour' }} />);
    const img = () => container.querySelector('img')!;
    expect(img().getAttribute('src')).toContain('maxresdefault');
    fireEvent.error(img());
    expect(img().getAttribute('src')).toContain('hqdefault');
    fireEvent.error(img());
    expect(img().getAttribute('src')).toContain('mqdefault');
    fireEvent.error(img());
    expect(img().getAttribute('src')).toContain('/default.jpg');
  });

  it('plays a video file in a <video> and cuts the description at 250 on a word boundary', () => {
    const description = 'Solid maple doors and drawers. '.repeat(12);
    const { container } = render(<VideoCard video={{ videoUrl: '/videos/tour.mp4', videoType: 'video', title: 'Tour', description }} />);
    const shown = container.querySelector('.video-card__description')!.textContent!;
    expect(shown.endsWith('...')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(253);
    fireEvent.click(screen.getByRole('button', { name: 'Play video: Tour' }));
    expect(container.querySelector('video')?.getAttribute('src')).toBe('/videos/tour.mp4');
  });
});
