import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CalculationTargetInput } from './CalculationTargetInput.tsx';
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
            <div style={{ flex: 1 }}>
              <CalculationTargetInput
                label={t('settings.customFields.ruleTarget')}
                value={rule.target}
                onChange={(target) => setRule(index, { target })}
                error={formErrorText(t, errors.ruleTargets?.[index])}
                readOnly={readOnly}
                testId="calculation-rule-target"
              />
            </div>
          )}
          {form.ruleType === 'percentageSplit' && (
            <NumberInput
              aria-label={t('settings.customFields.rulePercentage')}
              placeholder="%"
              suffix="%"
              min={0}
              max={100}
              decimalScale={2}
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
              mt={form.ruleType === 'nestedTarget' ? 28 : 4}
              aria-label={t('settings.customFields.removeRule')}
              onClick={() => onChange({ rules: form.rules.filter((_rule, at) => at !== index) })}
            >
              ×
            </ActionIcon>
          )}
        </Group>
      ))}
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
