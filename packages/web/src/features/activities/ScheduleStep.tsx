import { Alert, Code, Fieldset, Group, List, Stack, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { DateField } from '../../platform/dates/DateFields.tsx';
import { displayDateTime } from '../../platform/dates/displayDate.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { delayOf, distributionOf } from './activitySettings.ts';
import type { ActivitySettingsForm } from './activitySettings.ts';
import {
  nextRunLines,
  schedulePreview,
  wallTimeSkipped,
  zoneLabel,
  type SchedulePreview,
} from './scheduleStep.ts';

interface ScheduleStepProps {
  form: ActivitySettingsForm;
  update: (change: Partial<ActivitySettingsForm>) => void;
  readOnly: boolean;
  activityId: number;
  /** The organization's time zone, whose wall clock the date and time are. */
  timeZone: string;
}

/** The time the time field starts from when a date is chosen first: the start of that day. */
const START_OF_DAY = '00:00';

/** Now, moved on every minute, so the next runs and "has passed" stay true while the form is open. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * The schedule step of activity setup (docs/workflow.md § The schedule step): the date and time typed on the
 * organization's wall clock, its zone named beside them, and when the activity goes out by its distribution:
 * once, its next runs, or one message per API call or event.
 */
export function ScheduleStep({ form, update, readOnly, activityId, timeZone }: ScheduleStepProps) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  // A time typed before any date waits here until a date is chosen; the form keeps only whole date-times.
  const [pendingTime, setPendingTime] = useState(START_OF_DAY);
  const day = form.date.slice(0, 10);
  const time = form.date === '' ? pendingTime : form.date.slice(11, 16);
  const setDay = (next: string) => update({ date: next === '' ? '' : `${next}T${time || START_OF_DAY}` });
  const setTime = (next: string) => {
    // '' while an hour or minute is being retyped: the time stays as it was until it is whole again.
    if (next === '') return;
    const clock = next.slice(0, 5);
    if (day === '') setPendingTime(clock);
    else update({ date: `${day}T${clock}` });
  };
  const preview = schedulePreview({
    distribution: distributionOf(form),
    date: form.date,
    timeZone,
    now,
    activityId,
    origin: globalThis.location?.origin ?? '',
  });
  const zone = zoneLabel(timeZone, preview.kind === 'repeat' ? (preview.first ?? now) : now);

  return (
    <Fieldset legend={t('activities.schedule.title')} data-testid="schedule-step">
      <Stack>
        <Group align="flex-start" wrap="wrap">
          <DateField
            label={t('activities.schedule.date')}
            description={t('activities.settings.dateHint')}
            value={day}
            onChange={setDay}
            clearable={!readOnly}
            clearButtonProps={{ 'aria-label': t('activities.schedule.clearDate') }}
            readOnly={readOnly}
            w={220}
            data-testid="schedule-date"
          />
          <TimePicker
            label={t('activities.schedule.time')}
            description={t('activities.schedule.timeHint')}
            value={time}
            onChange={setTime}
            format="24h"
            hoursInputLabel={t('activities.schedule.hours')}
            minutesInputLabel={t('activities.schedule.minutes')}
            readOnly={readOnly}
            data-testid="schedule-time"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('activities.schedule.timeZone')}
            </Text>
            <Text data-testid="schedule-time-zone" data-zone={timeZone}>
              {zone}
            </Text>
            <Text size="xs" c="dimmed">
              {t('activities.schedule.timeZoneHint')}
            </Text>
          </Stack>
        </Group>
        {wallTimeSkipped(form.date, timeZone) && (
          <Alert color="yellow" data-testid="schedule-time-skipped">
            {t('activities.schedule.timeSkipped', { zone: timeZone })}
          </Alert>
        )}
        <SchedulePreviewText preview={preview} language={i18n.language} timeZone={timeZone} />
      </Stack>
    </Fieldset>
  );
}

function SchedulePreviewText({
  preview,
  language,
  timeZone,
}: {
  preview: SchedulePreview;
  language: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const when = (at: Date) => displayDateTime(at, language, timeZone);
  const live = (from: Date | null) =>
    from
      ? t('activities.schedule.liveFrom', { when: when(from) })
      : t('activities.schedule.liveWhenDeployed');
  switch (preview.kind) {
    case 'once':
      return (
        <Text data-testid="schedule-preview" data-kind="once">
          {preview.at === null
            ? t('activities.schedule.onceWhenDeployed')
            : preview.passed
              ? t('activities.schedule.oncePassed', { when: when(preview.at) })
              : t('activities.schedule.onceAt', { when: when(preview.at) })}
        </Text>
      );
    case 'repeat':
      if (preview.first === null)
        return (
          <Text data-testid="schedule-preview" data-kind="repeat">
            {t('activities.schedule.repeatNeedsDate')}
          </Text>
        );
      return (
        <Stack gap="xs" data-testid="schedule-preview" data-kind="repeat">
          <Text fw={500} id="schedule-next-runs-title">
            {t('activities.schedule.nextRuns')}
          </Text>
          <List type="ordered" aria-labelledby="schedule-next-runs-title" data-testid="schedule-next-runs">
            {nextRunLines(preview.runs, language, timeZone).map((line, index) => (
              <List.Item
                key={preview.runs[index]?.toISOString() ?? line}
                data-testid="schedule-next-run"
                data-at={preview.runs[index]?.toISOString()}
              >
                {line}
              </List.Item>
            ))}
          </List>
        </Stack>
      );
    case 'api':
      return (
        <Stack gap="xs" data-testid="schedule-preview" data-kind="api">
          <Text>{t('activities.schedule.api')}</Text>
          <Code block data-testid="schedule-trigger-endpoint">
            {`POST ${preview.endpoint}\nAuthorization: Bearer <${t('activities.schedule.organizationToken')}>\n` +
              `Content-Type: application/json\n\n{"subscriberId": 123}`}
          </Code>
          <Text size="sm">
            {t('activities.schedule.apiEmail')} <Code>{'{"email": "ada@example.com"}'}</Code>
          </Text>
          <Text size="sm">{live(preview.from)}</Text>
        </Stack>
      );
    case 'event': {
      const delay = delayOf(preview.delayMinutes);
      return (
        <Stack gap="xs" data-testid="schedule-preview" data-kind="event">
          <Text>
            {t('activities.schedule.event', {
              event: t(`activities.events.${preview.event}`),
              delay:
                preview.delayMinutes === 0
                  ? t('activities.schedule.atOnce')
                  : t(`activities.delayAfter.${delay.unit}`, { count: delay.amount }),
            })}
          </Text>
          <Text size="sm">{live(preview.from)}</Text>
        </Stack>
      );
    }
  }
}
