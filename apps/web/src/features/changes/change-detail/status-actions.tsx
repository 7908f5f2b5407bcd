import { changeTransitionLabel, changeTransitionsFrom } from '@complivue/shared/change-workflow';
import type { Role } from '@complivue/shared/roles';
import type { ChangeDetail } from '@complivue/shared/schemas/changes';
import { MessageSquarePlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { ReasonDialog, useMoveChange } from '../move-menu.tsx';

/**
 * The moves the workflow offers from here, as buttons; those the role may not make say why.
 * Marking not applicable asks for its reason in a dialog (as the board's Move menu does); any
 * other move may carry a note for the history, typed in a box opened on request.
 */
export function StatusActions({ change, role }: { change: ChangeDetail; role: Role }) {
  const { busy, move } = useMoveChange();
  const [note, setNote] = useState('');
  const [writingNote, setWritingNote] = useState(false);
  const [askReason, setAskReason] = useState(false);
  const noteId = useId();
  const moves = changeTransitionsFrom(change.status, role, change.openTasks);

  async function go(to: (typeof moves)[number]) {
    if (to.needsNote) {
      setAskReason(true);
      return;
    }
    if (await move(change, to.to, note.trim() || undefined)) {
      setNote('');
      setWritingNote(false);
    }
  }

  return (
    <div className="space-y-2">
      <ul className="flex flex-wrap items-start gap-2" aria-label="Move the change">
        {moves.map((option) => {
          const reasonId = `${noteId}-${option.to}`;
          return (
            <li key={option.to}>
              <Button
                type="button"
                size="sm"
                variant={
                  option.kind === 'advance' || option.kind === 'approve' ? 'primary' : 'secondary'
                }
                disabled={busy || !option.decision.allowed}
                aria-describedby={option.decision.allowed ? undefined : reasonId}
                onClick={() => void go(option)}
              >
                {changeTransitionLabel(option)}
              </Button>
              {!option.decision.allowed && (
                <p id={reasonId} className="mt-1 max-w-56 text-xs text-slate-600">
                  {option.decision.message}
                </p>
              )}
            </li>
          );
        })}
        <li>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-expanded={writingNote}
            aria-controls={noteId}
            onClick={() => setWritingNote((open) => !open)}
          >
            <MessageSquarePlus aria-hidden="true" className="size-4" />
            {writingNote ? 'Hide the note' : 'Add a note to the move'}
          </Button>
        </li>
      </ul>
      <div id={noteId} hidden={!writingNote}>
        <label htmlFor={`${noteId}-text`} className="block text-sm font-medium text-slate-900">
          Note for the history
        </label>
        <Textarea
          id={`${noteId}-text`}
          rows={2}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <ReasonDialog
        change={change}
        open={askReason}
        onOpenChange={setAskReason}
        onConfirm={(reason) => move(change, 'not_applicable', reason)}
      />
    </div>
  );
}
