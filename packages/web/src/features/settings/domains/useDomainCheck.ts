import { showToast } from '../../../platform/alerts/toast.ts';
import { useCommandMutation } from '../../../platform/data/useCommand.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { usePlatform } from '../../../platform/platformContext.ts';
import { useRefetchAdmin } from '../useAdminCommand.ts';

/** Check now: looks the domain's records up and refreshes the domains everyone on the page sees. */
export function useDomainCheck() {
  const { t } = useTranslation();
  const { sessionChannel } = usePlatform();
  const refetch = useRefetchAdmin();
  return useCommandMutation(sessionChannel, 'checkOrganizationDomain', {
    onSuccess: async () => {
      await refetch('getOrganizationDomains');
      showToast(t('settings.domains.checked'));
    },
  });
}
