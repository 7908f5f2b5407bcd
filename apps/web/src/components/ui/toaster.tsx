import { Toaster as Sonner } from 'sonner';

/** docs/product.md § Toasts: at most one toast at a time, shown for 5000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export function Toaster() {
  return (
    <Sonner
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      // Bottom right: a toast never covers the header's account menu.
      position="bottom-right"
      closeButton
      // Dark text on white: sonner's rich colours put green text on light green below AA.
      toastOptions={{
        classNames: {
          toast: '!border-slate-300 !bg-white !text-slate-900',
          description: '!text-slate-700',
        },
      }}
    />
  );
}
