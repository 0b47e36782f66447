import { Alert, Group, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { CALCULATION_FREQUENCIES, CALCULATION_RULE_ACTIONS, CALCULATION_RULE_TYPES } from '@herald/protocol';
import { DateTimeField } from '../../../platform/dates/DateFields.tsx';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { CalculationRules } from './CalculationRules.tsx';
import { CalculationTargetField } from './CalculationTargetField.tsx';
import type { CustomFieldForm, CustomFieldFormErrors } from './customFieldForm.ts';
import { formErrorText } from './formErrorText.ts';

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

/** What custom code sees and answers, shown beside the editor (the server runs it once per subscriber). */
const CODE_EXAMPLE = `// subscriber: { id, email, firstname, lastname, country, …, isUnsubscribed, custom: { <field>: value } }
if (subscriber.country === 'AU') return 'gold';
return null;`;

/**
 * A calculated field's settings (functional §3): the target expression, the rule type and its editor, the
 * rule action, frequency, start and interval. The page checks them as the server does (customFieldForm).
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
  return (
    <Stack data-testid="calculation-fields">
      <Alert color="blue" variant="light" data-testid="calculation-hint">
        {t('settings.customFields.calculatedRunHint')}
      </Alert>
      <CalculationTargetField
        label={t('settings.customFields.target')}
        value={form.target}
        onChange={(target) => onChange({ target })}
        error={formErrorText(t, errors.target)}
        showCount
        disabled={readOnly}
        testId="calculation-target"
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
          description={t(`settings.customFields.ruleActionHints.${form.ruleAction}`)}
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
        <DateTimeField
          label={t('settings.customFields.startAt')}
          value={form.startAt}
          onChange={(startAt) => onChange({ startAt })}
          error={formErrorText(t, errors.startAt)}
          readOnly={readOnly}
          clearable
        />
        <TextInput
          label={t('settings.customFields.interval')}
          description={t('settings.customFields.intervalHint')}
          inputMode="numeric"
          value={form.interval}
          onChange={(event) => onChange({ interval: event.currentTarget.value })}
          error={formErrorText(t, errors.interval)}
          readOnly={readOnly}
          disabled={form.frequency === 'once'}
        />
      </Group>
      {form.ruleType === 'customCode' ? (
        <Textarea
          label={t('settings.customFields.code')}
          description={t('settings.customFields.codeHint')}
          placeholder={CODE_EXAMPLE}
          value={form.code}
          onChange={(event) => onChange({ code: event.currentTarget.value })}
          error={formErrorText(t, errors.code)}
          readOnly={readOnly}
          autosize
          minRows={5}
          spellCheck={false}
          styles={{ input: { fontFamily: 'monospace' } }}
          data-testid="calculation-code"
        />
      ) : (
        <CalculationRules form={form} errors={errors} readOnly={readOnly} onChange={onChange} />
      )}
    </Stack>
  );
}
