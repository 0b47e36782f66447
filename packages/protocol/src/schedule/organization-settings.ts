import { z } from 'zod';
import { currencySchema, defaultSenderSchema } from './default-sender.ts';
import { messagingRulesSchema } from './messaging-rules.ts';
import { sendingSettingsSchema } from './sending-settings.ts';

const importRulesSchema = z.strictObject({
  disallowSubscriberUpload: z.boolean().optional(),
  disallowNewLists: z.boolean().optional(),
  lists: z
    .record(z.string().regex(/^\d+$/, 'A list id'), z.strictObject({ disallowSubscriberUpload: z.boolean() }))
    .optional(),
});

const advancedSchema = z.looseObject({
  enableBetaFeatures: z.boolean().optional(),
  featureKeys: z.string().max(4096).optional(),
});

/**
 * The sections of organization.settings that Herald reads, checked whenever settings are saved
 * (updateOrganizationSettings): import rules (`import.rules`, an object or its JSON text), messaging rules
 * (`messaging.rules`), advanced (`advanced`: beta features and feature keys), the time zone and the throttle
 * ceilings. Other keys are kept as given.
 */
export function organizationSettingsIssues(
  settings: Record<string, unknown>,
): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  const check = (prefix: string, schema: z.ZodType, value: unknown) => {
    if (value === undefined) return;
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        issues.push({
          path: ['settings', prefix, ...issue.path].filter((part) => part !== '').join('.'),
          message: issue.message,
        });
  };
  check('', sendingSettingsSchema, {
    timeZone: settings.timeZone,
    maxThrottlePerActivityType: settings.maxThrottlePerActivityType,
  });
  const imports = settings.import as { rules?: unknown } | undefined;
  let rules = typeof imports === 'object' && imports !== null ? imports.rules : undefined;
  if (typeof rules === 'string') {
    try {
      rules = JSON.parse(rules) as unknown;
    } catch {
      issues.push({ path: 'settings.import.rules', message: 'Not JSON' });
      rules = undefined;
    }
  }
  check('import.rules', importRulesSchema, rules);
  const messaging = settings.messaging as { rules?: unknown } | undefined;
  check(
    'messaging.rules',
    messagingRulesSchema,
    typeof messaging === 'object' && messaging !== null ? messaging.rules : undefined,
  );
  check('advanced', advancedSchema, settings.advanced);
  check('currency', currencySchema, settings.currency);
  check('defaultSender', defaultSenderSchema, settings.defaultSender);
  return issues;
}
