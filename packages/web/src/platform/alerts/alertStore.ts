import { ALERT_FADE_MS } from '@herald/protocol';
import type { Scheduler } from '../channel/scheduler.ts';

/** What an alert offers beside dismissing it: reloading the page, or a link inside the app. */
export type AlertAction = { kind: 'reload' } | { kind: 'link'; to: string; labelKey: string };

/**
 * An app-level alert (platform §8): an error shown by its catalogue type, translated when shown. `message`
 * is the English text to fall back on for a type without a translation (a server error new to this app).
 */
export interface AppAlert {
  id: string;
  errorType: string;
  message?: string;
  values?: Record<string, string | number>;
  action?: AlertAction;
}

export type AlertInput = Omit<AppAlert, 'id'> & {
  /** Alerts with the same key replace each other, so a repeated failure shows once. Defaults to the type. */
  key?: string;
};

/** The list of app-level alerts. Each fades after ALERT_FADE_MS unless dismissed first. */
export class AlertStore {
  private alerts: readonly AppAlert[] = [];
  private readonly fades = new Map<string, () => void>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly scheduler: Scheduler,
    private readonly fadeMs: number = ALERT_FADE_MS,
  ) {}

  show(input: AlertInput): string {
    const { key, ...alert } = input;
    const id = key ?? input.errorType;
    this.cancelFade(id);
    const shown: AppAlert = { ...alert, id };
    const others = this.alerts.filter((existing) => existing.id !== id);
    this.alerts = [...others, shown];
    this.fades.set(
      id,
      this.scheduler.after(this.fadeMs, () => this.dismiss(id)),
    );
    this.notify();
    return id;
  }

  dismiss(id: string): void {
    this.cancelFade(id);
    const remaining = this.alerts.filter((alert) => alert.id !== id);
    if (remaining.length === this.alerts.length) return;
    this.alerts = remaining;
    this.notify();
  }

  getAlerts(): readonly AppAlert[] {
    return this.alerts;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private cancelFade(id: string): void {
    this.fades.get(id)?.();
    this.fades.delete(id);
  }

  private notify(): void {
    this.listeners.forEach((listener) => listener());
  }
}
