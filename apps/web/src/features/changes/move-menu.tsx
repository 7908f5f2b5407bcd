import { changeTransitionLabel, changeTransitionsFrom } from '@complivue/shared/change-workflow';
import {
  CHANGE_STATUS_LABELS,
  type ChangeStatus,
  changeNumberLabel,
} from '@complivue/shared/regulatory-monitoring';
import type { Role } from '@complivue/shared/roles';
import { notApplicableFormSchema, type ChangeSummary } from '@complivue/shared/schemas/changes';
import { ChevronDown } from 'lucide-react';
import { Dialog, DropdownMenu } from 'radix-ui';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import { Form, SubmitButton, useZodForm } from '@/components/form/form';
import { TextareaField } from '@/components/form/form-fields';
import { Button } from '@/components/ui/button';
import { userFacingMessage } from '@/lib/api-client';
import { useTransitionChange } from './api.ts';

/** Asks for the reason a change does not apply before it is marked so. */
export function ReasonDialog({
  change,
  open,
  onOpenChange,
  onConfirm,
  onCloseAutoFocus,
}: {
  change: Pick<ChangeSummary, 'number' | 'title'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => Promise<boolean>;
  /** Where focus goes when it closes (by default, back where it was before it opened). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const form = useZodForm(notApplicableFormSchema, { reason: '' });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            Mark {changeNumberLabel(change.number)} not applicable
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">
            {change.title}. The reason is kept in the change’s history for examiners.
          </Dialog.Description>
          <Form
            form={form}
            failure="The change could not be moved."
            className="mt-4 space-y-3"
            onSubmit={async ({ reason }) => {
              if (await onConfirm(reason)) {
                form.reset();
                onOpenChange(false);
              }
            }}
          >
            <TextareaField name="reason" label="Why it does not apply" rows={3} maxLength={2000} />
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="secondary">
                  Cancel
                </Button>
              </Dialog.Close>
              <SubmitButton pendingLabel="Saving…">Mark not applicable</SubmitButton>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Runs a transition and reports the outcome as a toast; resolves whether it happened. */
export function useMoveChange() {
  const transition = useTransitionChange();
  const move = async (
    change: Pick<ChangeSummary, 'id' | 'number'>,
    to: ChangeStatus,
    note?: string,
  ): Promise<boolean> => {
    try {
      await transition.mutateAsync({ changeId: change.id, to, note });
      toast.success(`${changeNumberLabel(change.number)} moved to ${CHANGE_STATUS_LABELS[to]}.`);
      return true;
    } catch (caught) {
      toast.error(userFacingMessage(caught, 'The change could not be moved.'));
      return false;
    }
  };
  return { busy: transition.isPending, move };
}

/**
 * After a move the card is drawn again, in another column on the board: a new element, so the
 * focus its Move button had would fall to the page. The move asks for focus to go to that
 * card's Move button wherever it is drawn next; the request stands until that button takes
 * focus (a dialog still open keeps it until it closes), or for ten seconds, since the card may
 * have left the view (filtered out, or past a column's limit).
 */
let focusRequest: { changeId: string; until: number } | null = null;
const focusClaimers = new Set<() => void>();

function requestMoveFocus(changeId: string) {
  focusRequest = { changeId, until: Date.now() + 10_000 };
  for (const claim of focusClaimers) claim();
}

function focusRequestedFor(changeId: string) {
  return focusRequest?.changeId === changeId && Date.now() <= focusRequest.until;
}

function useFocusAfterMove(
  changeId: string,
  trigger: RefObject<HTMLButtonElement | null>,
  ready: boolean,
) {
  useEffect(() => {
    const claim = () => {
      const element = trigger.current;
      if (!ready || !element || !element.isConnected || !focusRequestedFor(changeId)) return;
      element.focus();
      if (document.activeElement === element) focusRequest = null;
    };
    claim();
    focusClaimers.add(claim);
    return () => {
      focusClaimers.delete(claim);
    };
  }, [changeId, trigger, ready]);
}

/**
 * The keyboard way to move a card between columns: a menu of the moves the workflow has from
 * its status. Those the role may not make (yet) stay in the menu, focusable and marked
 * aria-disabled, with the reason as their accessible description; choosing one does nothing.
 * After a move, focus goes to the card's Move button in its new column.
 */
export function MoveMenu({ change, role }: { change: ChangeSummary; role: Role }) {
  const { busy, move } = useMoveChange();
  const [askReason, setAskReason] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useFocusAfterMove(change.id, trigger, !busy);
  const moves = changeTransitionsFrom(change.status, role, change.openTasks);
  const label = `Move ${changeNumberLabel(change.number)}`;
  const moveTo = async (to: ChangeStatus, note?: string) => {
    const moved = await move(change, to, note);
    if (moved) requestMoveFocus(change.id);
    return moved;
  };
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button ref={trigger} variant="secondary" size="sm" disabled={busy} aria-label={label}>
            Move
            <ChevronDown aria-hidden="true" className="size-4" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 w-72 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-slate-600">
              {label}
            </DropdownMenu.Label>
            {moves.map((option) => {
              const blocked = option.decision.allowed ? null : option.decision.message;
              const labelId = `${menuId}-${option.to}`;
              const reasonId = `${menuId}-${option.to}-reason`;
              return (
                <DropdownMenu.Item
                  key={option.to}
                  aria-labelledby={labelId}
                  aria-disabled={blocked ? true : undefined}
                  aria-describedby={blocked ? reasonId : undefined}
                  onSelect={(event) => {
                    if (blocked) {
                      // Stays open: the reason is right there.
                      event.preventDefault();
                      return;
                    }
                    if (option.needsNote) setAskReason(true);
                    else void moveTo(option.to);
                  }}
                  className="cursor-pointer rounded px-2 py-1.5 text-sm text-slate-900 outline-none data-[highlighted]:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:text-slate-600 aria-disabled:data-[highlighted]:bg-slate-100"
                >
                  <span id={labelId}>{changeTransitionLabel(option)}</span>
                  {blocked && (
                    <span id={reasonId} className="block text-xs text-slate-600">
                      {blocked}
                    </span>
                  )}
                </DropdownMenu.Item>
              );
            })}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ReasonDialog
        change={change}
        open={askReason}
        onOpenChange={setAskReason}
        onConfirm={(reason) => moveTo('not_applicable', reason)}
        onCloseAutoFocus={(event) => {
          // Moved: the card's button in its new column takes focus, not this (old) one.
          if (!focusRequestedFor(change.id)) return;
          event.preventDefault();
          requestMoveFocus(change.id);
        }}
      />
    </>
  );
}
