import { Modal } from '@mantine/core';
import { Suspense, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../features/shell/PageLoader.tsx';
import type { RouteDefinition } from '../guards/routeDefinition.ts';
import { useTranslation } from '../i18n/useTranslation.ts';
import { OverlayContext, fallbackAddress } from './overlay.ts';
import { useOverlayFocus } from './overlayFocus.ts';
import type { Overlay } from './overlay.ts';

// Loaded on first use (router.tsx): Mantine's Modal brings focus trapping and scroll areas that /login need not carry.
/** A modal route's page in a modal over its fallback page; closing goes back to it, query string kept. */
export default function RouteModal({
  route,
  fallback,
}: {
  route: RouteDefinition;
  fallback: RouteDefinition;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const { search } = useLocation();
  const fallbackPath = fallbackAddress(fallback, params, search);
  const overlay: Overlay = useMemo(
    () => ({ fallbackPath, close: () => void navigate(fallbackPath) }),
    [fallbackPath, navigate],
  );
  const content = useOverlayFocus();
  const Page = route.page;
  return (
    <OverlayContext value={overlay}>
      <Modal
        opened
        onClose={overlay.close}
        title={t(route.titleKey)}
        size="xl"
        closeButtonProps={{ 'aria-label': t('common.close') }}
        data-testid="route-modal"
        data-route-id={route.id}
      >
        <div ref={content}>
          <Suspense fallback={<PageLoader />}>
            <Page />
          </Suspense>
        </div>
      </Modal>
    </OverlayContext>
  );
}
