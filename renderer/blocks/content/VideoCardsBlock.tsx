import type { VideoCardsBlock as VideoCardsBlockDef } from '../../../schemas/blocks/video-cards.schema';
import type { BlockDataContext, BlockProps } from '../block-definition';
import { VideoCard } from './VideoCard';
import { youtubeEmbedUrl, youtubeThumbnailCandidates } from './video-thumbnail';

/** Server: VideoObject structured data for each video (the block needs no other data). */
export function selectVideoCardsData(block: VideoCardsBlockDef, ctx: BlockDataContext): undefined {
  // Site paths stay relative: the context does not carry the public origin (see docs/catalog-blocks.md).
  const origin = '';
  for (const v of block.items) {
    const thumbnail = v.thumbnail ? origin + v.thumbnail.src : youtubeThumbnailCandidates(v.videoUrl)[1];
    const youtube = v.videoType ? v.videoType === 'youtube' : /youtu\.?be/.test(v.videoUrl);
    ctx.addStructuredData({
      '@type': 'VideoObject',
      name: v.title,
      description: v.description ?? v.title,
      ...(thumbnail ? { thumbnailUrl: thumbnail } : {}),
      ...(v.uploadDate ? { uploadDate: v.uploadDate } : {}),
      ...(youtube ? { embedUrl: youtubeEmbedUrl(v.videoUrl)?.replace('?autoplay=1&rel=0', '') } : { contentUrl: origin + v.videoUrl }),
    });
  }
  return undefined;
}

export function VideoCardsBlock({ block }: BlockProps<VideoCardsBlockDef>) {
  return (
    <section className="video-cards" id={block.id} aria-label={block.title ?? 'Videos'}>
      {block.title && <h2>{block.title}</h2>}
      {block.items.length === 0 ? (
        <p className="empty">No items available</p>
      ) : (
        <ul className="video-cards__grid" style={{ ['--columns' as string]: block.columns ?? 3 }}>
          {block.items.map((v, i) => (
            <li key={i}>
              <VideoCard video={v} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
