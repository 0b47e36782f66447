import { createContext, useContext } from 'react';
import { useSearchParams } from 'react-router';
import type { RouteDefinition } from '../guards/routeDefinition.ts';

/** The overlay a modal route is shown in, for its page to close it (after saving, say). */
export interface Overlay {
  /** Closes the overlay, back to the page behind with its query string. */
  close: () => void;
  /** The address of the page behind, with its query string. */
  fallbackPath: string;
}

export const OverlayContext = createContext<Overlay | null>(null);

/** The overlay this page is shown in, or null when it is a page of its own. */
export function useOverlay(): Overlay | null {
  return useContext(OverlayContext);
}

/** The address of the route behind an overlay: its pattern filled from the current params, plus `search`. */
export function fallbackAddress(
  fallback: Pick<RouteDefinition, 'path'>,
  params: Record<string, string | undefined>,
  search: string,
): string {
  const path = fallback.path.replace(/:(\w+)/g, (_match, name: string) => params[name] ?? '');
  return `${path}${search}`;
}

/** Opens a modal route over the current page, keeping the query string (the list state) for its return. */
export function useOverlayLink(): (path: string) => string {
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  return (path) => (search ? `${path}?${search}` : path);
}
