import { CHANNELS, MAX_SEND_RATE_PER_MINUTE } from '@herald/protocol';
import type { Channel } from '@herald/protocol';

/** The advanced settings as the form holds them; an empty throttle is the product's maximum. */
export interface AdvancedForm {
  enableBetaFeatures: boolean;
  featureKeys: string;
  maxThrottle: Record<Channel, number | ''>;
}

export function advancedFormOf(settings: Record<string, unknown>): AdvancedForm {
  const advanced = (
    typeof settings.advanced === 'object' && settings.advanced !== null ? settings.advanced : {}
  ) as {
    enableBetaFeatures?: unknown;
    featureKeys?: unknown;
  };
  const stored = (
    typeof settings.maxThrottlePerActivityType === 'object' && settings.maxThrottlePerActivityType !== null
      ? settings.maxThrottlePerActivityType
      : {}
  ) as Partial<Record<Channel, unknown>>;
  return {
    enableBetaFeatures: advanced.enableBetaFeatures === true,
    featureKeys: typeof advanced.featureKeys === 'string' ? advanced.featureKeys : '',
    maxThrottle: Object.fromEntries(
      CHANNELS.map((channel) => {
        const value = stored[channel];
        return [channel, typeof value === 'number' ? value : ''];
      }),
    ) as AdvancedForm['maxThrottle'],
  };
}

/**
 * The settings with the form's advanced section and throttle ceilings; the rest of `advanced` is kept. A channel
 * left empty, or at the product maximum, is left out, so it follows the product's maximum if that changes.
 */
export function settingsWithAdvanced(
  current: Record<string, unknown>,
  form: AdvancedForm,
): Record<string, unknown> {
  const advanced = typeof current.advanced === 'object' && current.advanced !== null ? current.advanced : {};
  const maxThrottlePerActivityType = Object.fromEntries(
    CHANNELS.flatMap((channel) => {
      const value = form.maxThrottle[channel];
      return value === '' || value === MAX_SEND_RATE_PER_MINUTE ? [] : [[channel, value]];
    }),
  );
  const { maxThrottlePerActivityType: _previous, ...rest } = current;
  return {
    ...rest,
    advanced: { ...advanced, enableBetaFeatures: form.enableBetaFeatures, featureKeys: form.featureKeys },
    ...(Object.keys(maxThrottlePerActivityType).length > 0 ? { maxThrottlePerActivityType } : {}),
  };
}
