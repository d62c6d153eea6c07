import { useEffect, useState } from 'react';
import type { SchedulingWidgetBlock } from '../../schemas/blocks/scheduling-widget.schema';
import type { SiteSettings } from '../../schemas/site-settings.schema';
import type { BlockDataContext, BlockProps } from './block-definition';

/** The scheduler's settings (site.json `scheduling`), or null when the site has none. */
export type SchedulingConfig = NonNullable<SiteSettings['scheduling']> | null;

/** An island gets only its props: the scheduler's settings travel as the block's data. */
export function selectSchedulingData(_block: SchedulingWidgetBlock, ctx: BlockDataContext): SchedulingConfig {
  return ctx.settings.scheduling ?? null;
}

/** The scheduler's title, how long the loading text shows, and the frame's height and minimum width. */
export const SCHEDULING_TITLE = 'Select a Date & Time';
export const SCHEDULING_LOADING_MS = 1200;
export const SCHEDULING_HEIGHT = 700;
export const SCHEDULING_MIN_WIDTH = 320;
export const SCHEDULING_LOADING_TEXT = 'Loading available times...';
export const SCHEDULING_NOT_CONFIGURED =
  'Online booking is not available at the moment. Please call us or send us a message and we will book your visit.';

/**
 * The third-party scheduler, embedded as an iframe of the configured URL (it needs no script on
 * our page, so it cannot break the page or read our cookies). The loading text shows first for
 * the configured time, then the scheduler. Server and first client render show the
 * loading text, so hydration agrees.
 */
export function SchedulingWidget({ block, data: config }: BlockProps<SchedulingWidgetBlock, SchedulingConfig>) {
  const loadingMs = config?.loadingMs ?? SCHEDULING_LOADING_MS;
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    if (!config) return;
    const timer = setTimeout(() => setLoading(false), loadingMs);
    return () => clearTimeout(timer);
  }, [config, loadingMs]);
  const title = block.title ?? config?.title ?? SCHEDULING_TITLE;
  const height = config?.height ?? SCHEDULING_HEIGHT;
  const minWidth = config?.minWidth ?? SCHEDULING_MIN_WIDTH;
  return (
    <section className="scheduling" id={block.id} aria-labelledby="scheduling-title">
      <h2 id="scheduling-title">{title}</h2>
      {block.text && <p>{block.text}</p>}
      {!config ? (
        <p className="scheduling__message" role="status">
          {SCHEDULING_NOT_CONFIGURED}
        </p>
      ) : (
        <div className="scheduling__frame" style={{ height, minWidth }}>
          {loading ? (
            <p className="scheduling__loading" role="status">
              {SCHEDULING_LOADING_TEXT}
            </p>
          ) : (
            <iframe src={config.widgetUrl} title={title} width="100%" height={height} style={{ minWidth, border: 0 }} loading="lazy" />
          )}
        </div>
      )}
    </section>
  );
}
