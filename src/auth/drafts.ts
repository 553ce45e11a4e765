import { useCallback, useState } from 'react';

const PREFIX = 'telemetry-console:draft:';

function read<T>(key: string, initial: T): T {
  try {
    const stored = window.sessionStorage.getItem(PREFIX + key);
    return stored === null ? initial : (JSON.parse(stored) as T);
  } catch {
    return initial;
  }
}

/**
 * State that survives a sign-in round trip: when a session expires mid-edit the person signs in
 * again (possibly through the provider's page) and finds what they typed. Kept in sessionStorage,
 * so it stays in this tab only and is cleared on sign-out. Never use it for secrets.
 */
export function useDraft<T>(
  key: string,
  initial: T,
): [value: T, setValue: (next: T) => void, clear: () => void] {
  const [value, setValue] = useState<T>(() => read(key, initial));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.sessionStorage.setItem(PREFIX + key, JSON.stringify(next));
      } catch {
        // Storage full or disabled: the draft still lives in memory.
      }
    },
    [key],
  );
  const clear = useCallback(() => {
    setValue(initial);
    window.sessionStorage.removeItem(PREFIX + key);
  }, [key, initial]);
  return [value, update, clear];
}

export function hasDraft(key: string): boolean {
  return window.sessionStorage.getItem(PREFIX + key) !== null;
}

export function clearAllDrafts(): void {
  for (const key of Object.keys(window.sessionStorage)) {
    if (key.startsWith(PREFIX)) window.sessionStorage.removeItem(key);
  }
}

export function hasAnyDraft(): boolean {
  return Object.keys(window.sessionStorage).some((key) => key.startsWith(PREFIX));
}
