/**
 * The web app's one way to log to the browser console: for failures that must not interrupt
 * the person (the spec: cookie save and parse errors are logged, never shown) but that a
 * developer or support engineer looking at the console should see.
 */
export function logWarning(message: string, error?: unknown): void {
  // eslint-disable-next-line no-console
  console.warn(message, ...(error === undefined ? [] : [error]));
}

export function logInfo(message: string): void {
  // eslint-disable-next-line no-console
  console.info(message);
}
