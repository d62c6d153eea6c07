/**
 * The frame that turns a widget's component into an island of the main site (the sample, checkout
 * and payment page blocks): a `<section class="sr-widget-block">` carrying the element's own sheet,
 * and the host the component needs once in the browser (its events' origin element and a client of
 * this site's API; the API base is this site's origin, there is no dealer).
 *
 * The server renders only the frame: the component mounts once the island has its host element,
 * where its showroom:* events start (they bubble to document, as from an element).
 */
import { useMemo, useState } from 'react';
import { createApiClient, type ApiClient } from '../../widgets/api-client';
import { themeCss } from '../../widgets/theme.css';

/** What a widget's component takes from its element: the events' origin and the API. */
export interface WidgetHost {
  element: HTMLElement;
  api: ApiClient;
  apiBase: string;
}

/** The elements' sheets, the shadow root's `:host` rules applied to the block's frame instead. */
export function widgetBlockCss(...sheets: string[]): string {
  return themeCss.replace(':host', '.sr-widget-block') + sheets.join('');
}

/** The frame's ref (where the host element lands) and the host, once in the browser (null on the server). */
export function useWidgetHost(): { ref: (el: HTMLElement | null) => void; host: WidgetHost | null } {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const host = useMemo(() => {
    if (!element) return null;
    const apiBase = window.location.origin;
    return { element, api: createApiClient(apiBase), apiBase };
  }, [element]);
  return { ref: setElement, host };
}

interface WidgetFrameProps {
  id?: string;
  className?: string;
  /** The block's constant sheet, from widgetBlockCss. */
  css: string;
  /** The host element's ref; a block whose host is an inner element leaves it out and sets its own. */
  frameRef?: (el: HTMLElement | null) => void;
  children: React.ReactNode;
}

export function WidgetFrame({ id, className, css, frameRef, children }: WidgetFrameProps) {
  return (
    <section ref={frameRef} id={id} className={`sr-widget-block ${className ?? ''}`.trim()}>
      {/* Our own constant sheet (the page's style-src allows inline styles; elements adopt it instead). */}
      <style dangerouslySetInnerHTML={{ __html: css }} />
      {children}
    </section>
  );
}
