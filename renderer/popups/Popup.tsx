import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import { POPUP_DEFAULTS, type PopupComponent, type PopupDefinition } from '../../schemas/forms/popup.schema';
import { parseTimeString } from '../../schemas/evaluators/time-string';
import { safeInlineHtml } from '../../widgets/forms/inline-html';
import { ActionLink } from '../components/ActionLink';
import { FormBlock, type FormBlockOptions } from '../forms/FormBlock';
import { useFocusTrap } from '../layout/use-focus-trap';
import './popups.css';

export interface PopupProps {
  popup: PopupDefinition;
  forms: Readonly<Record<string, FormDefinition>>;
  formOptions?: Pick<FormBlockOptions, 'apiBase' | 'recaptchaSiteKey'>;
  /** Called once the closing animation has ended. */
  onClosed: () => void;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

function Component({ component, popup, forms, formOptions, onFormSuccess }: { component: PopupComponent; onFormSuccess: () => void } & Omit<PopupProps, 'onClosed'>) {
  switch (component.type) {
    case 'text':
      return (
        <div className="sp-popup__text">
          {component.heading && <h3>{component.heading}</h3>}
          {component.text && <p dangerouslySetInnerHTML={{ __html: safeInlineHtml(component.text) }} />}
        </div>
      );
    case 'image':
      return <img className="sp-popup__image" src={component.image.src} alt={component.image.alt} width={component.image.width} height={component.image.height} />;
    case 'action':
      return (
        <p className="sp-popup__action">
          <ActionLink action={component.action} />
        </p>
      );
    case 'form': {
      const form = forms[component.form];
      if (!form) return null;
      return (
        <FormBlock
          form={form}
          options={{ ...formOptions, idPrefix: `popup-${popup.name}-${form.name}`, showTitle: false, className: 'sp-popup__form' }}
          onSuccess={onFormSuccess}
        />
      );
    }
    default:
      return null;
  }
}

/**
 * An open popup: a modal dialog in one of three layouts, closed by Esc, a click on
 * the backdrop, the close button, its auto-close timer (default 10 s; stopped once the visitor starts
 * using it, so nobody loses what they type) or 5 s after its form was sent. Focus stays inside while
 * it is open and goes back where it was when it closes. It fades in and out in 300 ms, at once with
 * prefers-reduced-motion. This module is loaded only when a popup is about to show.
 */
export function Popup({ popup, forms, formOptions, onClosed }: PopupProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const [closing, setClosing] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const autoTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const layout = popup.layout ?? 'center';
  const titleId = `popup-${popup.name}-title`;
  const showHeading = layout !== 'components-only' && Boolean(popup.title);

  const closed = useRef(onClosed);
  closed.current = onClosed;

  const close = useCallback(() => {
    if (closeTimer.current !== undefined) return;
    clearTimeout(autoTimer.current);
    setClosing(true);
    closeTimer.current = setTimeout(() => closed.current(), prefersReducedMotion() ? 0 : POPUP_DEFAULTS.animationMs);
  }, []);

  useFocusTrap(dialog, !closing, close);

  useEffect(() => {
    if (popup.autoClose !== false) autoTimer.current = setTimeout(close, parseTimeString(popup.autoClose, POPUP_DEFAULTS.autoClose));
    const html = document.documentElement;
    const overflow = html.style.overflow;
    html.style.overflow = 'hidden';
    return () => {
      clearTimeout(autoTimer.current);
      html.style.overflow = overflow;
    };
  }, [popup.autoClose, close]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const stopAutoClose = () => clearTimeout(autoTimer.current);
  const onFormSuccess = () => {
    stopAutoClose();
    autoTimer.current = setTimeout(close, POPUP_DEFAULTS.formSuccessCloseSeconds * 1000);
  };

  const style = {
    '--sp-z': POPUP_DEFAULTS.zIndex,
    '--sp-duration': `${POPUP_DEFAULTS.animationMs}ms`,
    '--sp-max-width': POPUP_DEFAULTS.maxWidth,
    '--sp-max-height': POPUP_DEFAULTS.maxHeight,
  } as CSSProperties;

  const content = (
    <div className="sp-popup__content">
      {showHeading && (
        <h2 id={titleId} className="sp-popup__title">
          {popup.title}
        </h2>
      )}
      {layout !== 'components-only' && popup.description && <p className="sp-popup__description">{popup.description}</p>}
      {(popup.components ?? []).map((c, i) => (
        <Component key={i} component={c} popup={popup} forms={forms} formOptions={formOptions} onFormSuccess={onFormSuccess} />
      ))}
    </div>
  );

  return (
    <div
      className={`sp-popup-backdrop${closing ? ' sp-popup-backdrop--closing' : ''}`}
      style={style}
      data-popup={popup.name}
      onClick={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <div
        ref={dialog}
        className={`sp-popup sp-popup--${layout}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={showHeading ? titleId : undefined}
        aria-label={showHeading ? undefined : (popup.title ?? popup.name)}
        onKeyDown={stopAutoClose}
        onPointerDown={stopAutoClose}
      >
        {layout === 'image-content' && popup.image ? (
          <div className="sp-popup__split">
            <img className="sp-popup__side-image" src={popup.image.src} alt={popup.image.alt} width={popup.image.width} height={popup.image.height} />
            {content}
          </div>
        ) : (
          content
        )}
        <button type="button" className="sp-popup__close" aria-label="Close" onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}

export default Popup;
