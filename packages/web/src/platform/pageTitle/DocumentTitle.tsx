import { useEffect } from 'react';
import { currentRoute } from '../guards/routeHandle.ts';
import { useRouteMatches } from '../guards/routeMatches.tsx';
import { useTranslation } from '../i18n/useTranslation.ts';
import { useSession } from '../session/useSession.ts';
import { pageTitle } from './pageTitle.ts';

/** Keeps document.title on the platform §2 rule for the page being shown. */
export function DocumentTitle(): null {
  const { t } = useTranslation();
  const matches = useRouteMatches();
  const { tokens } = useSession();
  const shown = currentRoute(matches);
  const organizationId = shown?.params.organization;
  const title = pageTitle({
    organizationName: organizationId ? (tokens[organizationId]?.name ?? null) : null,
    productName: t('app.name'),
    title: shown ? t(shown.route.titleKey) : null,
    campaignId: shown?.params.campaignId ?? null,
    id: shown?.params.id ?? null,
    formatId: (id) => t('pageTitle.id', { id }),
  });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
