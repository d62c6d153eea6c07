import { useState } from 'react';
import type { SiteSettings } from '../../schemas/site-settings.schema';
import { useExternalStore } from '../islands/external-store';
import { DEFAULT_CONSENT_DAYS, type ConsentChoice } from './consent-cookie';
import { consentStore } from './consent-store';

type Props = { consent: NonNullable<SiteSettings['cookieConsent']>; initiallyAnswered: boolean };

/**
 * Shows until a consent cookie exists; accept and reject store the choice (through the
 * consent store, which other islands may read) and hide it.
 */
export function CookieBanner({ consent, initiallyAnswered }: Props) {
  const choice = useExternalStore(consentStore);
  const [showPreferences, setShowPreferences] = useState(false);
  if (initiallyAnswered || choice !== null) return null;

  const choose = (next: ConsentChoice) => consentStore.choose(next, consent.expiryDays ?? DEFAULT_CONSENT_DAYS);

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
