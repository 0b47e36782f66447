import { Navigate, useLocation, useParams } from 'react-router';
import type { RouteObject } from 'react-router';

/**
 * Addresses a page had before it moved to the spec's path, relative to the organization. Bookmarks and links
 * in old mail keep working: they are redirected, with their query and hash, to where the page lives now.
 */
export const movedOrganizationPaths: ReadonlyArray<{ from: string; to: string }> = [
  // Platform §2 lists a tag's page and a targeting rule's page among the settings pages.
  { from: 'tags/:id', to: 'settings/tags/:id' },
  { from: 'targeting/:type', to: 'settings/targeting/:type' },
];

function MovedPage({ to }: { to: string }) {
  const params = useParams();
  const { search, hash } = useLocation();
  const target = `/${params.organization ?? ''}/${to.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`;
  return <Navigate to={{ pathname: target, search, hash }} replace />;
}

/** The redirects of `movedOrganizationPaths`, as routes under `/:organization`. */
export function movedOrganizationRoutes(): RouteObject[] {
  return movedOrganizationPaths.map(({ from, to }) => ({ path: from, element: <MovedPage to={to} /> }));
}
