import type {
  SelfCheck,
  SelfCheckGroup,
  SelfCheckStatus,
} from '@complivue/shared/schemas/self-check';

/** What a check function answers; the runner adds its id, group, title and duration. */
export interface CheckOutcome {
  status: SelfCheckStatus;
  reason: string;
  details?: string[];
  fix?: SelfCheck['fix'];
}

export interface CheckDefinition {
  id: string;
  group: SelfCheckGroup;
  title: string;
  /** Where to go when the check itself fails or times out. */
  fix: SelfCheck['fix'];
  run(): Promise<CheckOutcome>;
}

export interface RunOptions {
  timeoutMs: number;
  /** The operator sees the underlying error; an institution's administrator does not. */
  revealErrors: boolean;
  onError?(check: CheckDefinition, error: unknown): void;
}

class CheckTimeout extends Error {}

/**
 * Runs one check under its own timeout: a dependency that hangs (a stuck connection, a full
 * disk) makes that check fail with a reason, never the page. The hung promise is left to
 * settle on its own; nothing waits for it.
 */
export async function runCheck(check: CheckDefinition, options: RunOptions): Promise<SelfCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), options.timeoutMs);
  });
  let outcome: CheckOutcome;
  try {
    outcome = await Promise.race([check.run(), timeout]);
  } catch (error) {
    if (error instanceof CheckTimeout) {
      outcome = {
        status: 'fail',
        reason: `No answer within ${options.timeoutMs / 1000} seconds: the service it depends on is hanging or overloaded.`,
      };
    } else {
      options.onError?.(check, error);
      outcome = {
        status: 'fail',
        reason: 'The check could not run: the service it depends on answered with an error.',
        details:
          options.revealErrors && error instanceof Error
            ? [error.message]
            : ['The error is in the server log.'],
      };
    }
  } finally {
    clearTimeout(timer);
  }
  return {
    id: check.id,
    group: check.group,
    title: check.title,
    status: outcome.status,
    reason: outcome.reason,
    details: outcome.details ?? [],
    fix: outcome.fix === undefined ? (outcome.status === 'pass' ? null : check.fix) : outcome.fix,
    durationMs: Math.round(performance.now() - started),
  };
}

const STATUS_ORDER: Record<SelfCheckStatus, number> = { fail: 0, warn: 1, pass: 2 };

/** Failing first, then warnings, then passes; stable within a status. */
export function byUrgency(a: SelfCheck, b: SelfCheck): number {
  return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
}

export function worst(statuses: SelfCheckStatus[]): SelfCheckStatus {
  return statuses.reduce<SelfCheckStatus>(
    (current, next) => (STATUS_ORDER[next] < STATUS_ORDER[current] ? next : current),
    'pass',
  );
}

/** "just now", "4 minutes ago", "3 hours ago", "2 days ago". */
export function formatAge(then: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hours ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
