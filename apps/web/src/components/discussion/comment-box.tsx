import {
  commentPlainText,
  COMMENT_ATTACHMENT_TYPES,
  commentRequestSchema,
  commentSegments,
  commentWithFileFieldsSchema,
  type CollaborationMember,
} from '@complivue/shared/schemas/collaboration';
import { AtSign, Paperclip } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { encodeMentions, mentionQuery } from './mentions.ts';

type Member = CollaborationMember;

export function CommentText({ body }: { body: string }) {
  return (
    <p className="text-sm whitespace-pre-wrap text-slate-900">
      {commentSegments(body).map((segment, index) =>
        segment.kind === 'text' ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <span key={index} className="rounded bg-brand-50 px-0.5 font-medium text-brand-800">
            @{segment.name}
          </span>
        ),
      )}
    </p>
  );
}

/**
 * A comment with @mentions: typing "@" and a few letters lists matching members (arrows to
 * choose, Enter or Tab to insert, Escape to close), and the Mention button lists them all.
 */
export function CommentBox({
  members,
  pending,
  onSend,
  initial,
  onCancel,
}: {
  members: Member[];
  /** The comment is being posted. */
  pending: boolean;
  /** Resolves whether it was posted (the box then empties). */
  onSend: (body: string, file: File | null) => Promise<boolean>;
  /** A comment being edited: its text, mentions as written. */
  initial?: string;
  /** Editing: leave without saving. */
  onCancel?: () => void;
}) {
  const editing = initial !== undefined;
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => (initial ? commentPlainText(initial) : ''));
  const [picked, setPicked] = useState<{ name: string; userId: string }[]>(() =>
    commentSegments(initial ?? '').flatMap((segment) =>
      segment.kind === 'mention' ? [{ name: segment.name, userId: segment.userId }] : [],
    ),
  );
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const caretAfterInsert = useRef<number | null>(null);
  // A member picked from the Mention menu: the menu gives focus back to the comment, not to
  // its button.
  const pickedFromMenu = useRef(false);
  const id = useId();
  const listId = `${id}-mentions`;
  const hintId = `${id}-hint`;

  const typing = dismissed ? null : mentionQuery(text, caret);
  const suggestions = typing
    ? members
        .filter(
          (member) =>
            member.name
              .toLowerCase()
              .split(/\s+/)
              .some((part) => part.startsWith(typing.query)) ||
            member.email.toLowerCase().startsWith(typing.query),
        )
        .slice(0, 6)
    : [];
  const open = suggestions.length > 0;

  function insert(member: Member, at: { start: number; end: number }, base: string = text) {
    const mention = `@${member.name} `;
    const next = base.slice(0, at.start) + mention + base.slice(at.end);
    setText(next);
    setPicked((current) =>
      current.some((entry) => entry.userId === member.userId) ? current : [...current, member],
    );
    const position = at.start + mention.length;
    setCaret(position);
    setActive(0);
    caretAfterInsert.current = position;
  }

  // The caret goes after the inserted mention in the same commit as the new text, before the
  // browser handles another key: a letter typed right after Enter lands after the mention.
  useLayoutEffect(() => {
    const position = caretAfterInsert.current;
    if (position === null) return;
    caretAfterInsert.current = null;
    textarea.current?.focus();
    textarea.current?.setSelectionRange(position, position);
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open || !typing) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index - 1 + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      insert(suggestions[Math.min(active, suggestions.length - 1)]!, {
        start: typing.start,
        end: caret,
      });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(true);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The request's own rule and words (an empty comment, one too long); with a file the text
    // may be empty.
    const checked = (file ? commentWithFileFieldsSchema : commentRequestSchema).safeParse({
      body: text,
    });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    if (await onSend(encodeMentions(checked.data.body, picked), file)) {
      setText('');
      setPicked([]);
      setCaret(0);
      setFile(null);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-2"
      aria-label={editing ? 'Edit the comment' : 'Add a comment'}
    >
      {error && <Alert variant="destructive">{error}</Alert>}
      <Label htmlFor={id}>{editing ? 'Edited comment' : 'Comment'}</Label>
      <div className="relative">
        <Textarea
          ref={textarea}
          id={id}
          rows={3}
          maxLength={10_000}
          value={text}
          aria-describedby={hintId}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionStart);
            setDismissed(false);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
        />
        {open && (
          <ul
            id={listId}
            role="listbox"
            aria-label="Members to mention"
            className="absolute z-10 mt-1 max-h-56 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg sm:w-72"
          >
            {suggestions.map((member, index) => (
              <li
                key={member.userId}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => {
                  event.preventDefault();
                  insert(member, { start: typing!.start, end: caret });
                }}
                className={cn(
                  'cursor-pointer px-3 py-1.5 text-sm',
                  index === active ? 'bg-brand-50 text-brand-900' : 'text-slate-900',
                )}
              >
                {member.name}
                <span className="block text-xs text-slate-600">{member.email}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        Type @ and a name to mention a member; they are notified.
      </p>
      <span className="sr-only" aria-live="polite">
        {open
          ? `${suggestions.length} members match. Use the arrow keys and Enter to mention.`
          : ''}
      </span>
      {file && (
        <p className="flex items-center gap-2 text-sm text-slate-900">
          <Paperclip aria-hidden="true" className="size-4" />
          {file.name}
          <Button type="button" variant="ghost" size="sm" onClick={() => setFile(null)}>
            Remove file
          </Button>
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {!editing && (
          <>
            <input
              ref={fileInput}
              type="file"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              accept={COMMENT_ATTACHMENT_TYPES.map((type) => `.${type.extension}`).join(',')}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => fileInput.current?.click()}
            >
              <Paperclip aria-hidden="true" className="size-4" />
              Attach a file
            </Button>
          </>
        )}
        <DropdownMenu.Root>
          <DropdownMenu.Trigger asChild>
            <Button type="button" variant="secondary" size="sm" disabled={members.length === 0}>
              <AtSign aria-hidden="true" className="size-4" />
              Mention
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="end"
              sideOffset={4}
              onCloseAutoFocus={(event) => {
                if (!pickedFromMenu.current) return;
                pickedFromMenu.current = false;
                event.preventDefault();
                textarea.current?.focus();
              }}
              className="z-50 max-h-72 w-64 overflow-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg"
            >
              {members.map((member) => (
                <DropdownMenu.Item
                  key={member.userId}
                  onSelect={() => {
                    pickedFromMenu.current = true;
                    const at = textarea.current?.selectionStart ?? text.length;
                    const spacer = at > 0 && !/\s$/.test(text.slice(0, at)) ? ' ' : '';
                    const before = text.slice(0, at) + spacer;
                    insert(
                      member,
                      { start: before.length, end: before.length },
                      before + text.slice(at),
                    );
                  }}
                  className="cursor-pointer rounded px-2 py-1.5 text-sm text-slate-900 outline-none data-[highlighted]:bg-brand-50"
                >
                  {member.name}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
        {onCancel && (
          <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" disabled={pending}>
          {editing ? (pending ? 'Saving…' : 'Save comment') : pending ? 'Posting…' : 'Post comment'}
        </Button>
      </div>
    </form>
  );
}
