import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_FADE_MS, createAlertStore } from './alerts-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('alerts', () => {
  it('defaults to primary, removable, fading, staying', () => {
    const store = createAlertStore();
    const alert = store.addAlert({ message: 'Saved' });
    expect(alert).toMatchObject({ messageType: 'primary', messageRemovable: true, fadeEffect: true, autoDismiss: 0, fadingOut: false });
    vi.advanceTimersByTime(60_000);
    expect(store.getAlerts()).toHaveLength(1);
  });

  it('adding an alert replaces all existing alerts', () => {
    const store = createAlertStore();
    store.addAlert({ message: 'First' });
    store.addAlert({ message: 'Second', messageType: 'danger' });
    expect(store.getAlerts().map((a) => a.message)).toEqual(['Second']);
  });

  it('removes immediately without fade, after 500 ms with fade', () => {
    const store = createAlertStore();
    const a = store.addAlert({ message: 'No fade', fadeEffect: false });
    store.removeAlert(a.id);
    expect(store.getAlerts()).toHaveLength(0);
    const b = store.addAlert({ message: 'Fade' });
    store.removeAlert(b.id);
    expect(store.getAlerts()[0]?.fadingOut).toBe(true);
    vi.advanceTimersByTime(ALERT_FADE_MS - 1);
    expect(store.getAlerts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getAlerts()).toHaveLength(0);
  });

  it('auto-dismisses after the delay', () => {
    const store = createAlertStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.addAlert({ message: 'Bye', autoDismiss: 3000, fadeEffect: false });
    vi.advanceTimersByTime(2999);
    expect(store.getAlerts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getAlerts()).toHaveLength(0);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('a replaced alert does not dismiss its successor', () => {
    const store = createAlertStore();
    store.addAlert({ message: 'Old', autoDismiss: 1000, fadeEffect: false });
    store.addAlert({ message: 'New' });
    vi.advanceTimersByTime(5000);
    expect(store.getAlerts().map((a) => a.message)).toEqual(['New']);
  });
});
