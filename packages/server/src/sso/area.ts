import { defineArea } from '../area.ts';
import { ssoSessionCommands } from './commands.ts';
import { registerSsoRoutes } from './routes.ts';

/** Single sign-on through each organization's OpenID Connect issuers. */
export const ssoArea = defineArea({
  name: 'sso',
  sessionCommands: ssoSessionCommands,
  routes: registerSsoRoutes,
});
