import { useState } from 'react';
import type { SiteSettings } from '../../schemas/site-settings.schema';
import { consentCookie, DEFAULT_CONSENT_DAYS, type ConsentChoice } from './consent-cookie';

type Props = { consent: NonNullable<SiteSettings['cookieConsent']>; initiallyAnswered: boolean };

/** Shows until a consent cookie exists (000 §4); accept and reject store the choice and hide it. */
export function CookieBanner({ consent, initiallyAnswered }: Props) {
  const [answered, setAnswered] = useState(initiallyAnswered);
  const [showPreferences, setShowPreferences] = useState(false);
  if (answered) return null;

  const choose = (choice: ConsentChoice) => {
    document.cookie = consentCookie(choice, consent.expiryDays ?? DEFAULT_CONSENT_DAYS);
    setAnswered(true);
  };

  return (
    <div className="cookie-banner" role="region" aria-label="Cookie consent">
      <p>{consent.message}</p>
      {showPreferences && <p className="cookie-banner__note">Cookie preferences are coming soon.</p>}
      <div className="cookie-banner__actions">
        <button type="button" className="button button--primary" onClick={() => choose('accepted')}>
          Accept all
        </button>
        <button type="button" className="button button--secondary" onClick={() => choose('rejected')}>
          Reject all
        </button>
        <button type="button" className="link" onClick={() => setShowPreferences(true)}>
          Manage preferences
        </button>
      </div>
    </div>
  );
}
