import { useMemo } from 'react';
import { useExternalStore } from '../islands/external-store';
import { siteAlerts, type AlertStore } from './alerts-store';

const NO_ALERTS: never[] = [];

/** Shows the store's alerts (raised by any island); the server (and hydration) render none. */
export function AlertStack({ store = siteAlerts }: { store?: AlertStore }) {
  const external = useMemo(() => ({ subscribe: store.subscribe, getSnapshot: store.getAlerts, getServerSnapshot: () => NO_ALERTS }), [store]);
  const alerts = useExternalStore(external);
  return (
    <div className="alerts" aria-live="polite">
      {alerts.map((alert) => (
        <div
          key={alert.id}
          className={`alert alert--${alert.messageType}${alert.fadingOut ? ' alert--fading' : ''}`}
          role={alert.messageType === 'danger' ? 'alert' : 'status'}
        >
          <span className="alert__message">{alert.message}</span>
          {alert.messageRemovable && (
            <button type="button" className="alert__close" aria-label="Dismiss message" onClick={() => store.removeAlert(alert.id)}>
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
