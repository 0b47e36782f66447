import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { ProxyOptions } from 'vite';
import { localeGroups } from './localeGroups.ts';

// The Herald server answers every address the app talks to; in development Vite serves the app and hands the
// rest to it, so the app always speaks to its own origin exactly as it does in production.
const serverOrigin = process.env.HERALD_DEV_SERVER ?? 'http://localhost:8080';
const proxiedToServer = [
  '/session-cookie',
  '/healthz',
  '/readyz',
  '/uiv5-upload',
  '/uiv5-extract',
  '/client-errors',
];
const proxiedWebSockets = ['/session', '/uiv5'];

const webSocketProxy: ProxyOptions = {
  target: serverOrigin,
  ws: true,
  // The server accepts WebSocket handshakes only from its public origin; through this local proxy the page's
  // origin is Vite's, so the handshake is presented as coming from the server's own origin.
  configure: (proxy) => {
    proxy.on('proxyReqWs', (request) => request.setHeader('origin', serverOrigin));
  },
};

export default defineConfig({
  plugins: [localeGroups(), react()],
  server: {
    proxy: {
      ...Object.fromEntries(proxiedToServer.map((path) => [path, { target: serverOrigin }])),
      // Anchored, so that '/session' does not also take '/session-cookie'.
      ...Object.fromEntries(proxiedWebSockets.map((path) => [`^${path}$`, webSocketProxy])),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
