/**
 * docs/product.md § Chat assistant: the widget is closed, open or minimized. Open and minimized
 * survive moving to another page of the website (each is its own document) for the rest of the
 * tab's session. Kept apart from the widget so that the always-loaded launcher stays a few hundred
 * bytes.
 */
export type ChatWidgetState = 'closed' | 'open' | 'minimized';

const KEY = 'complivue.chat.widget';

export function readWidgetState(): ChatWidgetState {
  try {
    const value = sessionStorage.getItem(KEY);
    return value === 'open' || value === 'minimized' ? value : 'closed';
  } catch {
    return 'closed';
  }
}

export function storeWidgetState(state: ChatWidgetState): void {
  try {
    if (state === 'closed') sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, state);
  } catch {
    // Storage disabled: the widget simply starts closed on the next page.
  }
}
