import { ROLES } from '@herald/protocol';
import { MultiSelect } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';

/** The roles a user holds in the organization (platform §6), chosen by their translated names. */
export function RoleSelect({
  value,
  onChange,
  testId,
}: {
  value: string[];
  onChange: (roles: string[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <MultiSelect
      label={t('settings.users.roles')}
      placeholder={value.length === 0 ? t('settings.users.chooseRoles') : undefined}
      data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
      value={value}
      onChange={onChange}
      required
      withAsterisk={false}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
