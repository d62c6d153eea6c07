/**
 * Site alerts: adding an alert replaces all existing alerts; removal is immediate, or
 * after a 500 ms fade when fade is on; auto-dismiss after the given delay (0 means it stays).
 * Defaults: messageType 'primary', messageRemovable true, fadeEffect true.
 */
export const ALERT_FADE_MS = 500;

export type AlertType = 'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info';

export interface Alert {
  id: string;
  message: string;
  messageType: AlertType;
  /** Milliseconds before it dismisses itself; 0 means it stays. */
  autoDismiss: number;
  messageRemovable: boolean;
  fadeEffect: boolean;
  fadingOut: boolean;
}

export type AlertInput = Pick<Alert, 'message'> & Partial<Omit<Alert, 'message' | 'fadingOut'>>;

export interface AlertStore {
  getAlerts(): readonly Alert[];
  subscribe(listener: () => void): () => void;
  addAlert(input: AlertInput): Alert;
  removeAlert(id: string): void;
  clear(): void;
}

export function createAlertStore(): AlertStore {
  let alerts: readonly Alert[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const set = (next: readonly Alert[]) => {
    alerts = next;
    listeners.forEach((l) => l());
  };
  const clearTimers = (id?: string) => {
    for (const [key, t] of timers) {
      if (id === undefined || key === id || key === `${id}:fade`) {
        clearTimeout(t);
        timers.delete(key);
      }
    }
  };
  const drop = (id: string) => set(alerts.filter((a) => a.id !== id));
  const store: AlertStore = {
    getAlerts: () => alerts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    addAlert(input) {
      clearTimers();
      const alert: Alert = {
        id: input.id ?? `alert-${++counter}`,
        message: input.message,
        messageType: input.messageType ?? 'primary',
        autoDismiss: input.autoDismiss ?? 0,
        messageRemovable: input.messageRemovable ?? true,
        fadeEffect: input.fadeEffect ?? true,
        fadingOut: false,
      };
      set([alert]);
      if (alert.autoDismiss > 0) timers.set(alert.id, setTimeout(() => store.removeAlert(alert.id), alert.autoDismiss));
      return alert;
    },
    removeAlert(id) {
      const alert = alerts.find((a) => a.id === id);
      if (!alert || alert.fadingOut) return;
      clearTimers(id);
      if (!alert.fadeEffect) return drop(id);
      set(alerts.map((a) => (a.id === id ? { ...a, fadingOut: true } : a)));
      timers.set(`${id}:fade`, setTimeout(() => drop(id), ALERT_FADE_MS));
    },
    clear() {
      clearTimers();
      set([]);
    },
  };
  return store;
}

/** The page's one alert store: blocks call `siteAlerts.addAlert({ message })`. */
export const siteAlerts = createAlertStore();
