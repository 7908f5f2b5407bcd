import type { SessionResponse } from '@complivue/shared/schemas/auth';
import { Dialog } from 'radix-ui';
import { Sidebar } from './sidebar.tsx';

/**
 * The sidebar as a drawer on small screens. Loaded after the first paint, or when first opened
 * (app-layout.tsx), so Radix's dialog is not part of the app's initial JavaScript.
 */
export function NavigationDrawer({
  session,
  open,
  onOpenChange,
}: {
  session: SessionResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-[280px] max-w-[85vw] bg-white shadow-xl md:hidden">
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <Dialog.Description className="sr-only">The pages of the app</Dialog.Description>
          <Sidebar session={session} collapsed={false} onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
