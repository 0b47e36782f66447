import { useTranslation } from 'react-i18next';
import { humanizeStatKey } from './stats.ts';

/** A statistic's name: the locale's under dashboard.stats, else made readable from its key. */
export function useStatLabel(): (key: string) => string {
  const { t } = useTranslation();
  return (key) => t(`dashboard.stats.${key.replace(/\./g, '_')}`, { defaultValue: humanizeStatKey(key) });
}
