import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveState = 'idle' | 'saving' | 'saved';

/** How long the save button says 'Opgeslagen!' before it reads 'Opslaan' again. */
export const SAVED_LABEL_MS = 3000;

/** The save button's three looks: 'Opslaan', 'Opslaan...' while saving, 'Opgeslagen!' for a moment after. */
export function useSaveState() {
  const [state, setState] = useState<SaveState>('idle');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const start = useCallback(() => {
    window.clearTimeout(timer.current);
    setState('saving');
  }, []);
  const succeed = useCallback(() => {
    setState('saved');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), SAVED_LABEL_MS);
  }, []);
  const fail = useCallback(() => {
    window.clearTimeout(timer.current);
    setState('idle');
  }, []);

  return { state, start, succeed, fail };
}
