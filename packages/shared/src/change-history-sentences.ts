import {
  compactPhrases,
  describeFieldChanges,
  formatHistoryValue,
  isProse,
  joinPhrases,
  linkPhrase,
  quoteTitle,
  type FieldChange,
  type HistoryQuote,
  type HistorySentence,
  type Phrase,
  type ValueContext,
} from './history-sentences.ts';
import {
  CHANGE_EVENT_LABELS,
  CHANGE_FIELD_LABELS,
  orderedHistoryChanges,
  type ChangeHistoryEntry,
} from './schemas/changes.ts';

export interface ChangeHistoryContext {
  /** The feed item the change was started from: its address is shown under its title. */
  feedItem?: { title: string; link: string } | null;
}

type Entry = Pick<ChangeHistoryEntry, 'event' | 'changedByName' | 'changes'>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What a new change was given, as one list: "set Areas to TRID and Owner to Sam Rivera". */
function initialValues(fields: FieldChange[], context: ValueContext) {
  const values: Phrase[][] = [];
  const quotes: HistoryQuote[] = [];
  for (const { key, to } of fields) {
    const label = CHANGE_FIELD_LABELS[key] ?? key;
    if (isProse(key, to)) {
      quotes.push({ label, text: String(to) });
      continue;
    }
    const value = formatHistoryValue(key, to, context);
    if (value !== null) values.push([`${label} to `, value]);
  }
  return { predicate: values.length > 0 ? [' and set ', ...joinPhrases(values)] : [], quotes };
}

/**
 * A change's history entry as a sentence about the change it belongs to: "Dana Lee created the
 * change “Escrow rule” from Federal Register document 2026-01234", "Dana Lee set Due date to
 * Jan 1, 2027 and changed Risk from Low to High", "Dana Lee marked the task “Train staff” done".
 */
export function describeChangeHistory(
  entry: Entry,
  context: ChangeHistoryContext = {},
): HistorySentence {
  const linkTitles = context.feedItem ? { [context.feedItem.link]: context.feedItem.title } : {};
  const values: ValueContext = { area: 'change', linkTitles };
  const fields = orderedHistoryChanges(entry.changes).map(([key, change]) => ({ key, ...change }));
  const field = (key: string) => entry.changes[key];
  const others = (...named: string[]) => fields.filter((change) => !named.includes(change.key));
  const sentence = (predicate: Phrase[], quotes: HistoryQuote[] = []): HistorySentence => ({
    actor: entry.changedByName,
    predicate: compactPhrases(predicate),
    quotes,
  });
  const moves = (changes: FieldChange[]) => describeFieldChanges(changes, values);
  const task = quoteTitle(text(field('task')?.to ?? field('task')?.from));

  switch (entry.event) {
    case 'created': {
      const title = text(field('title')?.to);
      const feedLink = text(field('feedItem')?.to);
      const given = initialValues(others('title', 'source', 'status', 'feedItem'), values);
      return sentence(
        [
          'created the change',
          title ? ` ${quoteTitle(title)}` : '',
          ...(feedLink ? [' from ', linkPhrase(feedLink, linkTitles)] : []),
          ...given.predicate,
        ],
        given.quotes,
      );
    }
    case 'status': {
      const status = field('status');
      const note = text(field('note')?.to);
      return sentence(
        [
          'moved the change from ',
          formatHistoryValue('status', status?.from, values) ?? 'no status',
          ' to ',
          formatHistoryValue('status', status?.to, values) ?? 'no status',
        ],
        note ? [{ label: 'Note', text: note }] : [],
      );
    }
    case 'task_added': {
      const assignee = formatHistoryValue('assignee', field('assignee')?.to, values);
      const due = formatHistoryValue('dueDate', field('dueDate')?.to, values);
      return sentence([
        `added the task ${task}`,
        ...(assignee ? [', assigned to ', assignee] : []),
        ...(due ? [', due ', due] : []),
      ]);
    }
    case 'task_updated': {
      const renamed = field('task') && field('task')!.from !== field('task')!.to;
      const done = field('done');
      const { clauses, quotes } = moves(others('task', 'done'));
      if (!renamed && clauses.length === 0 && done) {
        return sentence([
          done.to === true ? `marked the task ${task} done` : `reopened the task ${task}`,
        ]);
      }
      const subject = renamed ? quoteTitle(text(field('task')!.from)) : task;
      const all: Phrase[][] = [
        ...(renamed ? [[`renamed it ${task}`]] : []),
        ...(done ? [[done.to === true ? 'marked it done' : 'reopened it']] : []),
        ...clauses,
      ];
      return sentence([`updated the task ${subject}: `, ...joinPhrases(all)], quotes);
    }
    case 'task_removed':
      return sentence([`removed the task ${task}`]);
    case 'comment':
      return sentence(['commented'], [{ label: 'Comment', text: text(field('comment')?.to) }]);
    case 'attachment_added':
      return sentence([`attached ${quoteTitle(text(field('attachment')?.to))}`]);
    case 'loan_test_saved':
      return sentence([`saved the loan test ${quoteTitle(text(field('loanTest')?.to))}`]);
    case 'attachment_removed':
      return sentence([`removed the file ${quoteTitle(text(field('attachment')?.from))}`]);
    case 'updated': {
      const { clauses, quotes } = moves(fields);
      return sentence(clauses.length > 0 ? joinPhrases(clauses) : ['edited the change'], quotes);
    }
    default: {
      const { clauses, quotes } = moves(fields);
      const label = CHANGE_EVENT_LABELS[entry.event] ?? entry.event;
      const verb = label.charAt(0).toLowerCase() + label.slice(1);
      return sentence(
        [verb, ...(clauses.length > 0 ? [': ', ...joinPhrases(clauses)] : [])],
        quotes,
      );
    }
  }
}
