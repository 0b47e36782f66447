import { useSyncExternalStore } from 'react';

/**
 * One piece of application state (platform §3: chartDateRange, notificationPaneIsOpen …) that outlives the
 * screen showing it, for as long as the page is open.
 */
export interface ValueStore<T> {
  get(): T;
  set(value: T | ((previous: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

export function createValueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useValueStore<T>(store: ValueStore<T>): [T, ValueStore<T>['set']] {
  return [useSyncExternalStore(store.subscribe, store.get), store.set];
}
