import { TEMPLATE_LIST_LIMIT } from '@herald/protocol';
import { Select } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useRecords } from '../../platform/list/useRecords.ts';

/** Functional §7: templates sorted by name. */
const BY_NAME = { field: 'name', order: 'asc' } as const;

interface TemplatePickerProps {
  /** The chosen template's url, or '' for none. */
  value: string;
  onChange: (templateUrl: string) => void;
}

/**
 * An e-mail's starting template (optional), chosen by name among the organization's templates: functional §7
 * queries them sorted by name, 100 at most. A native (v5_) template opens in the block editor (guard 7).
 */
export function TemplatePicker({ value, onChange }: TemplatePickerProps) {
  const { t } = useTranslation();
  const result = useRecords('template', {
    sortKey: BY_NAME.field,
    sortOrder: BY_NAME.order,
    limit: TEMPLATE_LIST_LIMIT,
    offset: 0,
  });
  const options = (result.data?.records ?? []).map((template) => ({
    value: template.url,
    label: template.name,
  }));
  return (
    <Select
      label={t('activities.create.template')}
      description={t('activities.create.templateHint')}
      placeholder={t('activities.create.noTemplate')}
      data={options}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      clearable
      searchable
      error={result.error ? t('activities.create.templatesUnavailable') : undefined}
      data-testid="activity-template"
    />
  );
}
