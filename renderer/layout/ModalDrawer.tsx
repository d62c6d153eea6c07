/**
 * The frame every drawer of the layout shares (the mobile menu, the sample cart): a modal dialog on a
 * backdrop, named by its title, focus kept inside (Tab and Shift+Tab cycle), Escape, the close button
 * and a press on the backdrop close it. What the drawer holds comes as children.
 */
import { useRef, type ReactNode } from 'react';
import { useIslandId } from '../islands/use-island-id';
import { useFocusTrap } from './use-focus-trap';

interface Props {
  title: string;
  /** The close button's accessible name ('Close menu', 'Close sample cart'). */
  closeLabel: string;
  /** Classes of the dialog itself, 'drawer' and its modifiers. */
  className: string;
  onClose: () => void;
  children: ReactNode;
}

export function ModalDrawer({ title, closeLabel, className, onClose, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useIslandId();
  useFocusTrap(ref, true, onClose);
  return (
    <div className="drawer-backdrop" onClick={onClose}>
      <div className={className} role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref} onClick={(e) => e.stopPropagation()}>
        <div className="drawer__header">
          <h2 id={titleId} className="drawer__title">
            {title}
          </h2>
          <button type="button" className="drawer__close" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
