/**
 * Registers public/sw.js after the page has loaded (platform §7), so it never competes with the first
 * render for the network. Production builds only: in development Vite serves unhashed modules the worker
 * must not cache.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without the worker the app works the same, only without the asset cache.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
