import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { CALCULATION_FREQUENCIES, CALCULATION_RULE_ACTIONS, CALCULATION_RULE_TYPES } from '@herald/protocol';
import { useTranslation } from 'react-i18next';
import { percentageTotal } from './customFieldForm.ts';
import type { CustomFieldForm, CustomFieldFormErrors } from './customFieldForm.ts';

type T = (key: string) => string;

function ruleTypeLabel(t: T, value: (typeof CALCULATION_RULE_TYPES)[number]): string {
  switch (value) {
    case 'nestedTarget':
      return t('settings.customFields.ruleTypes.nestedTarget');
    case 'roundRobinSplit':
      return t('settings.customFields.ruleTypes.roundRobinSplit');
    case 'percentageSplit':
      return t('settings.customFields.ruleTypes.percentageSplit');
    case 'customCode':
      return t('settings.customFields.ruleTypes.customCode');
  }
}

function ruleActionLabel(t: T, value: (typeof CALCULATION_RULE_ACTIONS)[number]): string {
  return value === 'clearNonMatching'
    ? t('settings.customFields.ruleActions.clearNonMatching')
    : t('settings.customFields.ruleActions.updateMatching');
}

function frequencyLabel(t: T, value: (typeof CALCULATION_FREQUENCIES)[number]): string {
  switch (value) {
    case 'once':
      return t('settings.customFields.frequencies.once');
    case 'hourly':
      return t('settings.customFields.frequencies.hourly');
    case 'daily':
      return t('settings.customFields.frequencies.daily');
    case 'weekly':
      return t('settings.customFields.frequencies.weekly');
    case 'monthly':
      return t('settings.customFields.frequencies.monthly');
  }
}

/**
 * A calculated field's settings (functional §3): target expression, rule type and action, frequency, start,
 * interval, and the rules. Stored now; evaluating them is a later issue's (the hint says so).
 */
export function CalculationFields({
  form,
  errors,
  readOnly,
  onChange,
}: {
  form: CustomFieldForm;
  errors: CustomFieldFormErrors;
  readOnly: boolean;
  onChange: (change: Partial<CustomFieldForm>) => void;
}) {
  const { t } = useTranslation();
  const error = (key: keyof CustomFieldFormErrors) =>
    errors[key] ? t(`settings.customFields.errors.${errors[key]}`) : undefined;
  const setRule = (index: number, change: Partial<CustomFieldForm['rules'][number]>) =>
    onChange({ rules: form.rules.map((rule, at) => (at === index ? { ...rule, ...change } : rule)) });
  return (
    <Stack data-testid="calculation-fields">
      <Alert color="blue" variant="light" data-testid="calculation-hint">
        {t('settings.customFields.calculatedHint')}
      </Alert>
      <Textarea
        label={t('settings.customFields.target')}
        description={t('settings.customFields.targetHint')}
        value={form.target}
        onChange={(event) => onChange({ target: event.currentTarget.value })}
        error={error('target')}
        readOnly={readOnly}
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <Group grow align="flex-start">
        <Select
          label={t('settings.customFields.ruleType')}
          data={CALCULATION_RULE_TYPES.map((value) => ({ value, label: ruleTypeLabel(t, value) }))}
          value={form.ruleType}
          onChange={(value) => value && onChange({ ruleType: value as CustomFieldForm['ruleType'] })}
          allowDeselect={false}
          readOnly={readOnly}
        />
        <Select
          label={t('settings.customFields.ruleAction')}
          data={CALCULATION_RULE_ACTIONS.map((value) => ({ value, label: ruleActionLabel(t, value) }))}
          value={form.ruleAction}
          onChange={(value) => value && onChange({ ruleAction: value as CustomFieldForm['ruleAction'] })}
          allowDeselect={false}
          readOnly={readOnly}
        />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('settings.customFields.frequency')}
          data={CALCULATION_FREQUENCIES.map((value) => ({ value, label: frequencyLabel(t, value) }))}
          value={form.frequency}
          onChange={(value) => value && onChange({ frequency: value as CustomFieldForm['frequency'] })}
          allowDeselect={false}
          readOnly={readOnly}
        />
        <TextInput
          type="datetime-local"
          label={t('settings.customFields.startAt')}
          value={form.startAt}
          onChange={(event) => onChange({ startAt: event.currentTarget.value })}
          readOnly={readOnly}
        />
        <TextInput
          label={t('settings.customFields.interval')}
          inputMode="numeric"
          value={form.interval}
          onChange={(event) => onChange({ interval: event.currentTarget.value })}
          error={error('interval')}
          readOnly={readOnly}
        />
      </Group>
      {form.ruleType === 'customCode' ? (
        <Textarea
          label={t('settings.customFields.code')}
          value={form.code}
          onChange={(event) => onChange({ code: event.currentTarget.value })}
          readOnly={readOnly}
          autosize
          minRows={4}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
      ) : null}
      <Stack gap="xs" data-testid="calculation-rules">
        <Text size="sm" fw={500}>
          {t('settings.customFields.rules')}
        </Text>
        {form.rules.map((rule, index) => (
          <Group key={index} align="flex-start" wrap="nowrap" data-testid="calculation-rule">
            <TextInput
              aria-label={t('settings.customFields.ruleValue')}
              placeholder={t('settings.customFields.ruleValue')}
              value={rule.value}
              onChange={(event) => setRule(index, { value: event.currentTarget.value })}
              readOnly={readOnly}
              w={180}
            />
            {form.ruleType === 'nestedTarget' && (
              <TextInput
                aria-label={t('settings.customFields.ruleTarget')}
                placeholder={t('settings.customFields.ruleTarget')}
                value={rule.target}
                onChange={(event) => setRule(index, { target: event.currentTarget.value })}
                readOnly={readOnly}
                style={{ flex: 1 }}
              />
            )}
            {form.ruleType === 'percentageSplit' && (
              <NumberInput
                aria-label={t('settings.customFields.rulePercentage')}
                placeholder="%"
                min={0}
                max={100}
                value={rule.percentage}
                onChange={(value) => setRule(index, { percentage: String(value) })}
                readOnly={readOnly}
                w={110}
              />
            )}
            {!readOnly && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('settings.customFields.removeRule')}
                onClick={() => onChange({ rules: form.rules.filter((_rule, at) => at !== index) })}
              >
                ×
              </ActionIcon>
            )}
          </Group>
        ))}
        {error('rules') && (
          <Text size="sm" c="red">
            {error('rules')}
          </Text>
        )}
        {form.ruleType === 'percentageSplit' && (
          <Text size="sm" c={errors.percentages ? 'red' : 'dimmed'} data-testid="percentage-total">
            {t('settings.customFields.percentageTotal', { total: percentageTotal(form.rules) })}
            {errors.percentages ? ` · ${t(`settings.customFields.errors.${errors.percentages}`)}` : ''}
          </Text>
        )}
        {!readOnly && (
          <Group>
            <Button
              size="xs"
              variant="light"
              onClick={() => onChange({ rules: [...form.rules, { value: '', target: '', percentage: '' }] })}
            >
              {t('settings.customFields.addRule')}
            </Button>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
