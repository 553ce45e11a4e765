import { useEffect, useRef } from 'react';

const FIELDS =
  'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled)';

/**
 * For a form that opens in place (an Edit button turns into the form): the keyboard goes to its
 * first field, where the person will type, instead of staying on a button that is gone. Mantine's
 * data-autofocus only works inside its modals' focus traps.
 */
export function useFocusFirstField<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>(FIELDS)?.focus();
  }, []);
  return ref;
}
