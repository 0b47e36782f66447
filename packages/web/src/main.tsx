import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/accessibility.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createPlatform } from './app/createPlatform.ts';
import { routeTable } from './app/routes.tsx';
import { reportClientErrors } from './platform/clientErrors/reportClientErrors.ts';
import { createI18n } from './platform/i18n/i18n.ts';
import { registerServiceWorker } from './platform/serviceWorker/registerServiceWorker.ts';

const platform = createPlatform(routeTable);
// Platform §7: uncaught errors go to the team, not the user.
reportClientErrors(window, platform.sessionStore);
const i18n = createI18n();
// Sign-in needs the session channel, and a stored session is checked by renewing it: open it right away.
platform.sessionChannel.start();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App platform={platform} i18n={i18n} />
  </StrictMode>,
);
registerServiceWorker();
