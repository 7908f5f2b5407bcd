import {
  changeTransitionLabel,
  changeTransitionsFrom,
  CHANGE_WORKFLOW_MESSAGES,
} from '@complivue/shared/change-workflow';
import type { Role } from '@complivue/shared/roles';
import type { ChangeDetail } from '@complivue/shared/schemas/changes';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { useMoveChange } from '../move-menu.tsx';

/** The moves the workflow offers from here; those the role may not make say why. */
export function StatusActions({ change, role }: { change: ChangeDetail; role: Role }) {
  const { busy, move } = useMoveChange();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const moves = changeTransitionsFrom(change.status, role, change.openTasks);

  async function go(to: (typeof moves)[number]) {
    // The server refuses the same move without a note, with the same words.
    if (to.needsNote && !note.trim()) {
      setError(CHANGE_WORKFLOW_MESSAGES.note_required);
      return;
    }
    setError(null);
    if (await move(change, to.to, note.trim() || undefined)) setNote('');
  }

  return (
    <div className="space-y-3">
      {error && <Alert variant="destructive">{error}</Alert>}
      <div>
        <label htmlFor={noteId} className="block text-sm font-medium text-slate-900">
          Note for the history
        </label>
        <Textarea
          id={noteId}
          rows={2}
          maxLength={2000}
          placeholder="Optional; required to mark a change not applicable."
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <ul className="flex flex-wrap gap-2">
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
                <p id={reasonId} className="mt-1 max-w-xs text-xs text-slate-600">
                  {option.decision.message}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
