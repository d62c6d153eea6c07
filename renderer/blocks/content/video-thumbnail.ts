/**
 * YouTube thumbnails: the original site probes the thumbnail service for qualities
 * max, high, medium, default. We do not probe with HEAD: the <img> tries each URL in turn and moves
 * to the next on error (or on YouTube's 120 px wide "missing" placeholder). Operators can give a
 * local `thumbnail` instead, which is always preferred (and is what the demo store and the tests use,
 * so nothing is fetched from the internet).
 */
export const THUMBNAIL_QUALITIES = ['maxresdefault', 'hqdefault', 'mqdefault', 'default'] as const;

/** The video id of a YouTube watch, short or embed URL, or undefined. */
export function youtubeId(url: string): string | undefined {
  const patterns = [/youtu\.be\/([\w-]{6,})/, /[?&]v=([\w-]{6,})/, /youtube(?:-nocookie)?\.com\/(?:embed|shorts|v)\/([\w-]{6,})/];
  for (const p of patterns) {
    const m = p.exec(url);
    if (m) return m[1];
  }
  return undefined;
}

export function youtubeThumbnailCandidates(videoUrl: string): string[] {
  const id = youtubeId(videoUrl);
  if (!id) return [];
  return THUMBNAIL_QUALITIES.map((q) => `https://img.youtube.com/vi/${id}/${q}.jpg`);
}

/** The embeddable player URL, autoplaying because the visitor just clicked play. */
export function youtubeEmbedUrl(videoUrl: string): string | undefined {
  const id = youtubeId(videoUrl);
  return id ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0` : undefined;
}
