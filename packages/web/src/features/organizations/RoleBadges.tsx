import { Badge } from '@mantine/core';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';

/** A user's roles in an organization, by their translated names. */
export function RoleBadges({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation();
  return roles.map((role) => (
    <Badge key={role} variant="light" tt="none">
      {t(`roles.${role}`, { defaultValue: role })}
    </Badge>
  ));
}
