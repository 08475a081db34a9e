import { useEffect, useState } from 'react';

/** A value that changes only after it has stopped changing for `delayMs`: a search per pause in typing, not per key. */
export function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
