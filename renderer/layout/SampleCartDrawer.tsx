/**
 * The sample cart in a drawer, opened by the header's sample badge on any page: a modal dialog named
 * by its title, focus kept inside (Tab and Shift+Tab cycle), Escape, the close button and a press on
 * the backdrop close it, and the header gives focus back to the badge. The cart inside is the
 * sample-cart block's (renderer/blocks/samples/SampleCartPanel.tsx). Its code is a chunk of its own,
 * loaded when the badge is first reached for, so no page pays for it up front.
 */
import { useRef } from 'react';
import { SampleCartPanel } from '../blocks/samples/SampleCartPanel';
import { useIslandId } from '../islands/use-island-id';
import { useFocusTrap } from './use-focus-trap';

export const CART_DRAWER_TITLE = 'Your sample cart';

export function SampleCartDrawer({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useIslandId();
  useFocusTrap(ref, true, onClose);
  return (
    <div className="drawer-backdrop" onClick={onClose}>
      <div className="drawer drawer--end cart-drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref} onClick={(e) => e.stopPropagation()}>
        <div className="drawer__header">
          <h2 id={titleId} className="drawer__title">
            {CART_DRAWER_TITLE}
          </h2>
          <button type="button" className="drawer__close" aria-label="Close sample cart" onClick={onClose}>
            ×
          </button>
        </div>
        <SampleCartPanel className="cart-drawer__cart" />
      </div>
    </div>
  );
}
