/** Debian's Chromium, as the browser tests and the Lighthouse bench launch it. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

// Flags that keep Chromium from reaching for the network this machine does not have.
export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
