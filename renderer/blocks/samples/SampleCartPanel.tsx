/**
 * The sample cart as the main site shows it: <showroom-sample-cart>'s component in a widget frame,
 * on this site's cart and API, linking to this site's /checkout. The sample-cart page block and the
 * header's cart drawer (renderer/layout/SampleCartDrawer.tsx) both show it.
 */
import { SampleCartView } from '../../../widgets/sample-cart/SampleCartView';
import { useWidgetHost, WidgetFrame } from '../widget-frame';
import { SAMPLE_BLOCK_CSS } from './sample-block-css';

interface SampleCartPanelProps {
  id?: string | undefined;
  className?: string | undefined;
  /** A heading above the cart (the drawer has its own, in the dialog's header). */
  title?: string | undefined;
}

export function SampleCartPanel({ id, className, title }: SampleCartPanelProps) {
  const { ref, host } = useWidgetHost();
  return (
    <WidgetFrame css={SAMPLE_BLOCK_CSS} {...(id ? { id } : {})} className={`sr-sample-cart-block ${className ?? ''}`} frameRef={ref}>
      {title && <h2 className="sr-sample-cart-block__title">{title}</h2>}
      {host ? <SampleCartView {...host} /> : <p className="sr-status">Loading...</p>}
    </WidgetFrame>
  );
}
