/** A message that clears itself after a while (messages last 5 seconds). */
import { useCallback, useEffect, useRef, useState } from 'react';

export const MESSAGE_DURATION_MS = 5000;

export interface TimedMessage {
  kind: 'success' | 'error';
  text: string;
}

export function useTimedMessage(duration = MESSAGE_DURATION_MS): [TimedMessage | undefined, (message: TimedMessage | undefined) => void] {
  const [message, setMessage] = useState<TimedMessage>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (next: TimedMessage | undefined) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (next) timer.current = setTimeout(() => setMessage(undefined), duration);
    },
    [duration],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show];
}
