import { Select } from '@mantine/core';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import type { EmailTheme } from './useEmailThemes.ts';

interface EmailThemeSelectProps {
  themes: readonly EmailTheme[];
  themeId: number | undefined;
  onChange: (themeId: number | undefined) => void;
  disabled: boolean;
}

/**
 * The e-mail's theme (functional §3 Theme): its width, fonts, colours and buttons apply to the rendering and the
 * canvas. "No theme" keeps MJML's own defaults. A theme since deleted still shows by its id until changed.
 */
export function EmailThemeSelect({ themes, themeId, onChange, disabled }: EmailThemeSelectProps) {
  const { t } = useTranslation();
  const none = { value: '', label: t('emailEditor.theme.none') };
  const options = themes.map((theme) => ({ value: String(theme.id), label: theme.themeName }));
  const known = themeId === undefined || options.some((option) => option.value === String(themeId));
  const missing = known
    ? []
    : [{ value: String(themeId), label: t('emailEditor.theme.missing', { id: themeId }) }];
  return (
    <Select
      size="xs"
      w={220}
      label={t('emailEditor.theme.label')}
      data={[none, ...options, ...missing]}
      value={themeId === undefined ? '' : String(themeId)}
      onChange={(value) => onChange(value ? Number(value) : undefined)}
      allowDeselect={false}
      disabled={disabled}
      data-testid="email-theme-select"
    />
  );
}
