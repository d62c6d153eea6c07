/**
 * A modal dialog on the platform's <dialog>: shown with showModal (the page behind takes no focus
 * and no clicks), Escape closes it unless `locked` (a call is running), Tab stays inside, and focus
 * moves to `initialFocus` when it opens. Where showModal is missing (an old browser, jsdom) it is
 * shown open in the page with the same keys. Who opened it gives focus back when it closes.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

export function ModalDialog({
  labelledBy,
  describedBy,
  locked,
  onClose,
  initialFocus,
  className,
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  /** While true, Escape does nothing: the dialog waits for the server's answer. */
  locked: boolean;
  onClose(): void;
  initialFocus: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const latest = useRef({ locked, onClose });
  latest.current = { locked, onClose };
  /** The screen closed it (it is going away): its close event is not a request to close. */
  const closedByUs = useRef(false);

  useEffect(() => {
    const dialog = ref.current!;
    closedByUs.current = false;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    initialFocus.current?.focus();
    return () => {
      closedByUs.current = true;
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  const requestClose = () => {
    if (!latest.current.locked) latest.current.onClose();
  };

  return (
    <dialog
      ref={ref}
      className={`modal${className ? ` ${className}` : ''}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-modal="true"
      // Escape in a modal <dialog>: the browser's own close is ours to decide.
      onCancel={(e) => {
        e.preventDefault();
        requestClose();
      }}
      // The browser closed it anyway (a second Escape while locked): the screen follows. The close
      // event comes a moment after close(), so one of ours (or of React's second mount in development,
      // when it is open again) is not that.
      onClose={() => {
        if (!closedByUs.current && !ref.current?.open) latest.current.onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          requestClose();
        } else if (e.key === 'Tab') {
          const focusable = Array.from(ref.current!.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('disabled'));
          const first = focusable[0];
          const last = focusable[focusable.length - 1];
          if (!first || !last) return;
          if (e.shiftKey && document.activeElement === first) {
            e.preventDefault();
            last.focus();
          } else if (!e.shiftKey && document.activeElement === last) {
            e.preventDefault();
            first.focus();
          }
        }
      }}
    >
      {children}
    </dialog>
  );
}
