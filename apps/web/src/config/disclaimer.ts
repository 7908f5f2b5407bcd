/** docs/product.md § Disclaimer: every app page and the footer carry this. */
export const DISCLAIMER =
  'Content in Complivue is provided for general information only. It is not legal advice, and you use it at your own risk. Confirm requirements with the regulation text and your counsel.';
