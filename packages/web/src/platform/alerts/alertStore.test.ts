import { describe, expect, it } from 'vitest';
import { ALERT_FADE_MS } from '@herald/protocol';
import { ManualScheduler } from '../channel/manualScheduler.ts';
import { AlertStore } from './alertStore.ts';

describe('AlertStore', () => {
  it('shows alerts in order and fades each after 8000 ms', () => {
    const scheduler = new ManualScheduler();
    const alerts = new AlertStore(scheduler);
    alerts.show({ errorType: 'InvalidSessionError' });
    scheduler.advance(4000);
    alerts.show({ errorType: 'WSConnectionClosedError', action: { kind: 'reload' } });
    expect(alerts.getAlerts().map((alert) => alert.errorType)).toEqual([
      'InvalidSessionError',
      'WSConnectionClosedError',
    ]);
    scheduler.advance(ALERT_FADE_MS - 4000);
    expect(alerts.getAlerts().map((alert) => alert.errorType)).toEqual(['WSConnectionClosedError']);
    scheduler.advance(4000);
    expect(alerts.getAlerts()).toEqual([]);
  });

  it('replaces an alert with the same key and restarts its fade', () => {
    const scheduler = new ManualScheduler();
    const alerts = new AlertStore(scheduler);
    alerts.show({ errorType: 'WSConnectionRetryError' });
    scheduler.advance(6000);
    alerts.show({ errorType: 'WSConnectionRetryError' });
    scheduler.advance(6000);
    expect(alerts.getAlerts()).toHaveLength(1);
    scheduler.advance(2000);
    expect(alerts.getAlerts()).toHaveLength(0);
  });

  it('dismisses on request and tells subscribers', () => {
    const alerts = new AlertStore(new ManualScheduler());
    let changes = 0;
    alerts.subscribe(() => changes++);
    const id = alerts.show({ errorType: 'PrivilegesError' });
    alerts.dismiss(id);
    alerts.dismiss(id);
    expect(alerts.getAlerts()).toEqual([]);
    expect(changes).toBe(2);
  });
});
