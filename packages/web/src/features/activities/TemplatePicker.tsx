import { Select } from '@mantine/core';
import { useErrorText } from '../../platform/alerts/useErrorText.ts';
import { errorTypeOf } from '../../platform/channel/channelError.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import { useTemplateList } from '../templates/useTemplateList.ts';

interface TemplatePickerProps {
  /** The chosen template's url, or '' for none. */
  value: string;
  onChange: (templateUrl: string) => void;
}

/**
 * An e-mail's starting template (optional), chosen by name among the organization's templates: the list of
 * functional §7 (sorted by name, 100 at most, cached in the browser). A native (v5_) template opens in the block
 * editor (guard 7). When the list cannot be fetched the field says why in the catalogue's words (no connection,
 * no organization), and the cached list, if any, can still be picked from.
 */
export function TemplatePicker({ value, onChange }: TemplatePickerProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { templates, problem } = useTemplateList();
  const options = (templates ?? []).map((template) => ({
    value: template.url,
    label: template.name,
  }));
  const problemType = errorTypeOf(problem);
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
      error={
        problem
          ? `${errorText(problemType ?? 'ApplicationError', problem.message)} ${t('templateErrors.startWithout')}`
          : undefined
      }
      data-error-type={problemType}
      data-testid="activity-template"
    />
  );
}
