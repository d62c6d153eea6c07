import { describe, expect, it } from 'vitest';
import { youtubeEmbedUrl, youtubeId, youtubeThumbnailCandidates } from './video-thumbnail';

describe('video thumbnails', () => {
  it('reads the id of watch, short and embed URLs', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=abcDEF12345&t=3')).toBe('abcDEF12345');
    expect(youtubeId('https://youtu.be/abcDEF12345')).toBe('abcDEF12345');
    expect(youtubeId('https://www.youtube.com/embed/abcDEF12345')).toBe('abcDEF12345');
    expect(youtubeId('/videos/tour.mp4')).toBeUndefined();
  });
  it('tries qualities max, high, medium, default in order', () => {
    expect(youtubeThumbnailCandidates('https://youtu.be/abcDEF12345')).toEqual([
      'https://img.youtube.com/vi/abcDEF12345/maxresdefault.jpg',
      'https://img.youtube.com/vi/abcDEF12345/hqdefault.jpg',
      'https://img.youtube.com/vi/abcDEF12345/mqdefault.jpg',
      'https://img.youtube.com/vi/abcDEF12345/default.jpg',
    ]);
    expect(youtubeEmbedUrl('https://youtu.be/abcDEF12345')).toContain('/embed/abcDEF12345');
  });
});
