import { defineArea } from '../area.ts';
import { registerClientErrorRoute } from './client-error-route.ts';

/** Client errors reach the team, not the user (platform §7): POST /client-errors. */
export const clientErrorsArea = defineArea({
  name: 'client-errors',
  routes: registerClientErrorRoute,
});
