import { DEBOUNCE_MS } from '@herald/protocol';
import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `delay` ms (platform §9: 400 ms). */
export function useDebouncedValue<T>(value: T, delay = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
