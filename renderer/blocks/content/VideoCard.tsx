import { useState } from 'react';
import { truncateAtWord, VIDEO_DESCRIPTION_LIMIT } from './truncate';
import { youtubeEmbedUrl, youtubeThumbnailCandidates } from './video-thumbnail';
import './video-cards.css';

export interface VideoView {
  videoUrl: string;
  videoType?: 'youtube' | 'video';
  /** A local still; when absent a YouTube video falls back through the service's qualities. */
  thumbnail?: { src: string; alt: string };
  title?: string;
  description?: string;
  playIcon?: boolean;
}

function isYoutube(video: VideoView): boolean {
  return video.videoType ? video.videoType === 'youtube' : /youtu\.?be/.test(video.videoUrl);
}

/**
 * A video card: the thumbnail is a play button; a click swaps it for the player, so no
 * player or video bytes load before the visitor asks. The description is cut at 250 characters on
 * a word boundary with '...'.
 */
export function VideoCard({ video }: { video: VideoView }) {
  const [playing, setPlaying] = useState(false);
  const youtube = isYoutube(video);
  const candidates = video.thumbnail ? [video.thumbnail.src] : youtube ? youtubeThumbnailCandidates(video.videoUrl) : [];
  const [candidate, setCandidate] = useState(0);
  const title = video.title ?? 'Video';
  const description = video.description ? truncateAtWord(video.description, VIDEO_DESCRIPTION_LIMIT).text : undefined;
  const thumbnailSrc = candidates[candidate];

  // The next quality when one is missing; YouTube answers a missing max-res still with a 120 px placeholder.
  const nextCandidate = (img: HTMLImageElement | null, failed: boolean) => {
    if (failed || (img && img.naturalWidth > 0 && img.naturalWidth <= 120 && candidate < candidates.length - 1)) setCandidate((c) => Math.min(c + 1, candidates.length));
  };

  return (
    <article className="video-card">
      <div className="video-card__media">
        {playing ? (
          youtube ? (
            <iframe
              className="video-card__player"
              src={youtubeEmbedUrl(video.videoUrl)}
              title={title}
              allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
            />
          ) : (
            <video className="video-card__player" src={video.videoUrl} controls autoPlay>
              <track kind="captions" />
            </video>
          )
        ) : (
          <button type="button" className="video-card__thumb" aria-label={`Play video: ${title}`} onClick={() => setPlaying(true)}>
            {thumbnailSrc ? (
              <img
                src={thumbnailSrc}
                alt={video.thumbnail?.alt ?? ''}
                loading="lazy"
                onLoad={(e) => nextCandidate(e.currentTarget, false)}
                onError={() => nextCandidate(null, true)}
              />
            ) : (
              <span className="video-card__placeholder" />
            )}
            {video.playIcon !== false && <span className="video-card__play" aria-hidden="true" />}
          </button>
        )}
      </div>
      {video.title && <h3 className="video-card__title">{video.title}</h3>}
      {description && <p className="video-card__description">{description}</p>}
    </article>
  );
}
