import { CHUNK_LOAD_TIMEOUT_MS } from '@herald/protocol';
import { lazy } from 'react';
import type { ComponentType } from 'react';
import { browserScheduler } from '../channel/scheduler.ts';
import { loadWithTimeout } from './loadWithTimeout.ts';

/**
 * A page loaded on first use, so /login ships only what sign-in needs. A chunk that fails or has not come in
 * 120 s throws ChunkLoadError to the route's error boundary, which offers a reload.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  return lazy(() => loadWithTimeout(load, CHUNK_LOAD_TIMEOUT_MS, browserScheduler));
}
