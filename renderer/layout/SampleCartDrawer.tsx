/**
 * The sample cart in a drawer, opened by the header's sample badge on any page: a modal dialog named
 * by its title, focus kept inside (Tab and Shift+Tab cycle), Escape, the close button and a press on
 * the backdrop close it, and the header gives focus back to the badge. The cart inside is the
 * sample-cart block's (renderer/blocks/samples/SampleCartPanel.tsx). Its code is a chunk of its own,
 * loaded when the badge is first reached for, so no page pays for it up front.
 */
import { SampleCartPanel } from '../blocks/samples/SampleCartPanel';
import { ModalDrawer } from './ModalDrawer';

export const CART_DRAWER_TITLE = 'Your sample cart';

export function SampleCartDrawer({ onClose }: { onClose: () => void }) {
  return (
    <ModalDrawer title={CART_DRAWER_TITLE} closeLabel="Close sample cart" className="drawer drawer--end cart-drawer" onClose={onClose}>
      <SampleCartPanel className="cart-drawer__cart" />
    </ModalDrawer>
  );
}
