import { CHANNELS, SUPPRESSION_ENTRY_PATTERN, SUPPRESSION_LIMIT } from '@herald/protocol';
import type { Channel, ImportRules, MessagingRules } from '@herald/protocol';

/** The suppression list as typed: one address or domain a line. */
export interface SuppressionText {
  /** The entries, trimmed and lower-cased, blank lines and repeats left out. */
  entries: string[];
  /** The line (from 1) each entry was typed on, to name it when the server refuses one. */
  lines: number[];
  /** Lines that are neither an address nor a domain. */
  invalidLines: Array<{ line: number; text: string }>;
  tooMany: boolean;
}

export function parseSuppression(text: string): SuppressionText {
  const entries: string[] = [];
  const lines: number[] = [];
  const invalidLines: SuppressionText['invalidLines'] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const entry = raw.trim().toLowerCase();
    if (!entry || seen.has(entry)) return;
    if (!SUPPRESSION_ENTRY_PATTERN.test(entry)) {
      invalidLines.push({ line: index + 1, text: raw.trim() });
      return;
    }
    seen.add(entry);
    entries.push(entry);
    lines.push(index + 1);
  });
  return { entries, lines, invalidLines, tooMany: entries.length > SUPPRESSION_LIMIT };
}

/** Quiet hours as the form holds them: every channel, switched on or off, with its window. */
export type QuietHoursForm = Record<Channel, { enabled: boolean; start: string; end: string }>;

export interface MessagingRulesForm {
  quietHours: QuietHoursForm;
  capEnabled: boolean;
  capMessages: number | string;
  capPer: 'day' | 'week';
  suppression: string;
}

/** The quiet hours a channel is offered when switched on: overnight, when people sleep. */
const DEFAULT_QUIET_HOURS = { start: '21:00', end: '08:00' };

export function messagingFormOf(rules: MessagingRules): MessagingRulesForm {
  const quietHours = Object.fromEntries(
    CHANNELS.map((channel) => {
      const hours = rules.quietHours[channel];
      return [channel, hours ? { enabled: true, ...hours } : { enabled: false, ...DEFAULT_QUIET_HOURS }];
    }),
  ) as QuietHoursForm;
  return {
    quietHours,
    capEnabled: rules.frequencyCap !== null,
    capMessages: rules.frequencyCap?.messages ?? 3,
    capPer: rules.frequencyCap?.per ?? 'week',
    suppression: rules.suppression.join('\n'),
  };
}

/** The rules the form stands for, as updateOrganizationSettings takes them. */
export function messagingRulesOfForm(form: MessagingRulesForm): MessagingRules {
  const quietHours: MessagingRules['quietHours'] = {};
  for (const channel of CHANNELS) {
    const hours = form.quietHours[channel];
    if (hours.enabled) quietHours[channel] = { start: hours.start, end: hours.end };
  }
  return {
    quietHours,
    frequencyCap: form.capEnabled ? { messages: Number(form.capMessages), per: form.capPer } : null,
    suppression: parseSuppression(form.suppression).entries,
  };
}

/** The settings with new messaging rules; the rest of `messaging` and of the settings is kept. */
export function settingsWithMessagingRules(
  current: Record<string, unknown>,
  rules: MessagingRules,
): Record<string, unknown> {
  const messaging =
    typeof current.messaging === 'object' && current.messaging !== null ? current.messaging : {};
  return { ...current, messaging: { ...messaging, rules } };
}

/**
 * The settings with new import rules, stored as an object (importRulesOf reads an object or JSON text). Lists
 * switched off are left out, so the document stays as small as the rules it holds.
 */
export function settingsWithImportRules(
  current: Record<string, unknown>,
  rules: ImportRules,
): Record<string, unknown> {
  const imports = typeof current.import === 'object' && current.import !== null ? current.import : {};
  const lists = Object.fromEntries(
    Object.entries(rules.lists).filter(([, rule]) => rule.disallowSubscriberUpload),
  );
  return {
    ...current,
    import: {
      ...imports,
      rules: {
        disallowSubscriberUpload: rules.disallowSubscriberUpload,
        disallowNewLists: rules.disallowNewLists,
        lists,
      },
    },
  };
}

/** A server detail's path for a suppression entry (`settings.messaging.rules.suppression.4`) as its typed line. */
export function suppressionLineOf(path: string, parsed: SuppressionText): number | undefined {
  const match = /^settings\.messaging\.rules\.suppression\.(\d+)$/.exec(path);
  return match ? parsed.lines[Number(match[1])] : undefined;
}
