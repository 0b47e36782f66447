import { QUERY_TYPES, TEMPLATE_LIST_LIMIT } from '@herald/protocol';
import { Select } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useRecords } from '../../platform/list/useRecords.ts';
import type { ResourceType } from '../../platform/resources/resources.ts';

/** Functional §7: templates sorted by name. */
const BY_NAME = { field: 'name', order: 'asc' } as const;

/** The query type of templates (functional §7), named here before the contract may have it. */
const TEMPLATE_TYPE = 'template';

/**
 * Whether the contract has the `template` query type. The templates arrive with their own part of issue 14;
 * until then a new e-mail starts without one and this picker shows nothing.
 */
export const CONTRACT_HAS_TEMPLATES = (QUERY_TYPES as readonly string[]).includes(TEMPLATE_TYPE);

interface TemplatePickerProps {
  /** The chosen template's url, or '' for none. */
  value: string;
  onChange: (templateUrl: string) => void;
}

/** An e-mail's starting template (optional), chosen by name among the organization's templates. */
export function TemplatePicker(props: TemplatePickerProps) {
  return CONTRACT_HAS_TEMPLATES ? <TemplateSelect {...props} /> : null;
}

/** Functional §3 Template: a name and a url (PROTOCOL §7 queries them sorted by name, 100 at most). */
function templateOptions(
  records: ReadonlyArray<Record<string, unknown>>,
): Array<{ value: string; label: string }> {
  return records.flatMap((record) => {
    const url = typeof record.url === 'string' ? record.url : record.templateUrl;
    const name = typeof record.name === 'string' ? record.name : url;
    return typeof url === 'string' && typeof name === 'string' ? [{ value: url, label: name }] : [];
  });
}

function TemplateSelect({ value, onChange }: TemplatePickerProps) {
  const { t } = useTranslation();
  // Checked above: the contract has the type, so the cast only names it before the compiler knows it.
  const result = useRecords(TEMPLATE_TYPE as ResourceType, {
    sortKey: BY_NAME.field,
    sortOrder: BY_NAME.order,
    limit: TEMPLATE_LIST_LIMIT,
    offset: 0,
  });
  const options = templateOptions((result.data?.records ?? []) as ReadonlyArray<Record<string, unknown>>);
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
