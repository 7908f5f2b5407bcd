import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * better-auth sends its emails through a callback whose errors it swallows. A route that must
 * tell the user when the email service is down runs the call inside `trackEmailDelivery`; the
 * callback reports a failure here, and the route reads it afterwards.
 */
interface DeliveryOutcome {
  error?: unknown;
}

const outcome = new AsyncLocalStorage<DeliveryOutcome>();

export async function trackEmailDelivery<T>(
  run: () => Promise<T>,
): Promise<{ result: T; error?: unknown }> {
  const store: DeliveryOutcome = {};
  const result = await outcome.run(store, run);
  return { result, error: store.error };
}

/** Sends, and records a failure for the surrounding `trackEmailDelivery` (rethrows outside one). */
export async function deliverTracked(send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    const store = outcome.getStore();
    if (!store) throw error;
    store.error = error;
  }
}
