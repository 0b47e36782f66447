import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { CalculationTargetField } from './CalculationTargetField.tsx';
import { percentageTotal } from './customFieldForm.ts';
import type { CalculationRuleForm, CustomFieldForm, CustomFieldFormErrors } from './customFieldForm.ts';
import { formErrorText } from './formErrorText.ts';

const EMPTY_RULE: CalculationRuleForm = { value: '', target: '', percentage: '' };

/**
 * The rules of a nested-target, round-robin or percentage split calculation: one row a value, with its
 * target (nested) or its share (percentage, with the live total that must read 100%).
 */
export function CalculationRules({
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
  const setRule = (index: number, change: Partial<CalculationRuleForm>) =>
    onChange({ rules: form.rules.map((rule, at) => (at === index ? { ...rule, ...change } : rule)) });
  const rulesError = formErrorText(t, errors.rules);
  const total = percentageTotal(form.rules);
  return (
    <Stack gap="xs" data-testid="calculation-rules">
      <Text size="sm" fw={500}>
        {t('settings.customFields.rules')}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`settings.customFields.ruleHints.${form.ruleType}`)}
      </Text>
      {form.rules.map((rule, index) => {
        const remove = !readOnly && (
          <ActionIcon
            variant="subtle"
            color="red"
            mt={4}
            aria-label={t('settings.customFields.removeRule')}
            onClick={() => onChange({ rules: form.rules.filter((_rule, at) => at !== index) })}
          >
            ×
          </ActionIcon>
        );
        const value = (
          <TextInput
            aria-label={t('settings.customFields.ruleValue')}
            placeholder={t('settings.customFields.ruleValue')}
            value={rule.value}
            onChange={(event) => setRule(index, { value: event.currentTarget.value })}
            readOnly={readOnly}
            w={180}
          />
        );
        // A nested rule's target is a whole builder, so it goes under its value rather than beside it.
        return form.ruleType === 'nestedTarget' ? (
          <Paper key={index} withBorder p="sm" data-testid="calculation-rule">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                {value}
                {remove}
              </Group>
              <CalculationTargetField
                label={t('settings.customFields.ruleTarget')}
                value={rule.target}
                onChange={(target) => setRule(index, { target })}
                error={formErrorText(t, errors.ruleTargets?.[index])}
                disabled={readOnly}
                testId="calculation-rule-target"
              />
            </Stack>
          </Paper>
        ) : (
          <Group key={index} align="flex-start" wrap="nowrap" data-testid="calculation-rule">
            {value}
            {form.ruleType === 'percentageSplit' && (
              <NumberInput
                aria-label={t('settings.customFields.rulePercentage')}
                placeholder="%"
                suffix="%"
                min={0}
                max={100}
                decimalScale={2}
                value={rule.percentage}
                onChange={(percentage) => setRule(index, { percentage: String(percentage) })}
                readOnly={readOnly}
                w={110}
              />
            )}
            {remove}
          </Group>
        );
      })}
      {rulesError && (
        <Text size="sm" c="red" data-testid="calculation-rules-error">
          {rulesError}
        </Text>
      )}
      {form.ruleType === 'percentageSplit' && (
        <Text
          size="sm"
          fw={500}
          c={errors.percentages ? 'red' : total === 100 ? 'teal' : 'dimmed'}
          data-testid="percentage-total"
          data-total={total}
        >
          {t('settings.customFields.percentageTotal', { total })}
          {errors.percentages ? ` · ${formErrorText(t, errors.percentages)}` : ''}
        </Text>
      )}
      {!readOnly && (
        <Group>
          <Button
            size="xs"
            variant="light"
            onClick={() => onChange({ rules: [...form.rules, { ...EMPTY_RULE }] })}
          >
            {t('settings.customFields.addRule')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
