import { changeNumberLabel } from '@complivue/shared/regulatory-monitoring';
import type { Role } from '@complivue/shared/roles';
import { type ChangeMembers } from '@complivue/shared/schemas/changes';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { useChange } from './api.ts';
import { ChangeDetailBody } from './change-detail/change-detail-body.tsx';

type Members = ChangeMembers['members'];

/** `?change=<id>`: the change in a side panel (full screen on a phone). */
export function ChangeDetailPanel({
  changeId,
  role,
  userId,
  members,
  onClose,
}: {
  changeId: string;
  role: Role;
  userId: string;
  members: Members;
  onClose: () => void;
}) {
  const change = useChange(changeId);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-40 flex w-full max-w-3xl flex-col bg-white shadow-xl">
          <div className="flex items-start gap-3 border-b border-slate-200 p-4 sm:px-6">
            <div className="min-w-0 flex-1">
              <p className="text-xs font-semibold text-slate-600">
                {change.data ? changeNumberLabel(change.data.number) : 'Change'}
              </p>
              <Dialog.Title className="text-lg font-semibold break-words text-slate-900">
                {change.data?.title ?? 'Loading the change'}
              </Dialog.Title>
              <Dialog.Description className="sr-only">
                The change’s status and moves, then its overview, impact assessment, tasks and
                evidence, discussion and history, one tab each.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close the change">
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          {/* The body lays out its action bar and its scrolling sections itself. */}
          <div className="flex min-h-0 flex-1 flex-col">
            <QueryState query={change} loading="Loading the change">
              {(detail) => (
                <ChangeDetailBody change={detail} role={role} userId={userId} members={members} />
              )}
            </QueryState>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
