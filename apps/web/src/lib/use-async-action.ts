import { useState } from 'react';
import { userFacingMessage } from './api-client.ts';

/**
 * The busy flag and error message of a form's submit: `run` marks it busy, clears the last
 * error, and turns a failure into a message fit to show (`fallback` when the error has none).
 */
export function useAsyncAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(action: () => Promise<unknown>, fallback: string): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(userFacingMessage(caught, fallback));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}
