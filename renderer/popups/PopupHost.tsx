import { lazy, Suspense, useEffect, useState } from 'react';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import type { PopupDefinition } from '../../schemas/forms/popup.schema';
import type { FormBlockOptions } from '../forms/FormBlock';
import { hasPopupCookie, popupCookie } from './popup-cookie';
import { watchPopupTriggers } from './popup-triggers';

// The popup itself (and the form engine it may hold) loads only when a trigger fires.
const LazyPopup = lazy(() => import('./Popup'));

export interface PopupHostProps {
  /** The popups of the page. */
  popups: readonly PopupDefinition[];
  /** The form definitions the popups' form components name. */
  forms: Readonly<Record<string, FormDefinition>>;
  formOptions?: Pick<FormBlockOptions, 'apiBase' | 'recaptchaSiteKey'>;
}

/**
 * Decides when one popup shows: nothing is rendered (on the server and at first in the browser)
 * until its trigger fires; a showOnce popup whose cookie is still there never starts watching.
 */
export function PopupTrigger({ popup, forms, formOptions }: { popup: PopupDefinition } & Omit<PopupHostProps, 'popups'>) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (popup.showOnce && hasPopupCookie(document.cookie, popup.name)) return;
    return watchPopupTriggers(popup.show, () => {
      if (popup.showOnce) document.cookie = popupCookie(popup.name, popup.cookieExpiry);
      setOpen(true);
    });
  }, [popup]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LazyPopup popup={popup} forms={forms} formOptions={formOptions} onClosed={() => setOpen(false)} />
    </Suspense>
  );
}

/** The popups of a page, as one island: a trigger each, the popup's code loaded when it shows. */
export function PopupHost({ popups, forms, formOptions }: PopupHostProps) {
  return (
    <>
      {popups.map((p) => (
        <PopupTrigger key={p.name} popup={p} forms={forms} formOptions={formOptions} />
      ))}
    </>
  );
}
