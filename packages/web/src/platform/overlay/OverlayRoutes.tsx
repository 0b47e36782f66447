import { Outlet } from 'react-router';
import type { ComponentType } from 'react';

/**
 * The page of a route that modal routes overlay (platform §2), with the overlay on top. Its element stays
 * mounted while overlays open and close over it, so the list keeps its state and scroll.
 */
export function OverlayHost({ page: Page }: { page: ComponentType }) {
  return (
    <>
      <Page />
      <Outlet />
    </>
  );
}
