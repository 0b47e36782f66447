import { CHUNK_LOAD_TIMEOUT_MS } from '@herald/protocol';
import { lazy } from 'react';
import type { ComponentType } from 'react';
import { browserScheduler } from '../channel/scheduler.ts';
import { loadAppStrings } from '../i18n/i18n.ts';
import { loadWithTimeout } from './loadWithTimeout.ts';

/**
 * A page loaded on first use, so /login ships only what sign-in needs. A chunk that fails or has not come in
 * 120 s throws ChunkLoadError to the route's error boundary, which offers a reload.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  // The page's strings come with it: the English beyond sign-in loads beside the first lazy page's code.
  const loadWithStrings = () => Promise.all([load(), loadAppStrings()]).then(([page]) => page);
  return lazy(() => loadWithTimeout(loadWithStrings, CHUNK_LOAD_TIMEOUT_MS, browserScheduler));
}
