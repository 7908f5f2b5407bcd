import { normalizeEmail } from '@complivue/shared/schemas/auth';
import { logWarning } from './log.ts';

/** docs/product.md § Browser storage: the keys kept per user. */
export const storageKeys = {
  onboardingCompleted: (userId: string) => `onboarding_completed_${userId}`,
  onboardingStep: (userId: string) => `onboarding_step_${userId}`,
  questionnaireData: (userId: string) => `questionnaire_data_${userId}`,
  questionnaireDataTemp: (email: string) => `questionnaire_data_temp_${normalizeEmail(email)}`,
};

/** Whether this browser has recorded the onboarding wizard as done for the user. */
export function readOnboardingFlag(userId: string): string | null {
  try {
    return localStorage.getItem(storageKeys.onboardingCompleted(userId));
  } catch {
    return null;
  }
}

export function setOnboardingFlag(userId: string) {
  try {
    localStorage.setItem(storageKeys.onboardingCompleted(userId), 'true');
  } catch {
    // Storage disabled: the server's record keeps the wizard from coming back.
  }
}

/**
 * The onboarding step the user is on, for this tab: a reload brings the wizard back at the step
 * they reached, not at a step they already saved.
 */
export function readOnboardingStep(userId: string): string | null {
  try {
    return sessionStorage.getItem(storageKeys.onboardingStep(userId));
  } catch {
    return null;
  }
}

export function storeOnboardingStep(userId: string, step: string | null) {
  try {
    if (step === null) sessionStorage.removeItem(storageKeys.onboardingStep(userId));
    else sessionStorage.setItem(storageKeys.onboardingStep(userId), step);
  } catch {
    // Storage disabled: a reload starts the wizard at its first step, nothing worse.
  }
}

function readJson(key: string): Record<string, unknown> | undefined {
  try {
    const raw = localStorage.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The questionnaire's answers, kept under the email until sign-up attaches them
 * (docs/product.md § Browser storage).
 */
export function storePendingQuestionnaire(email: string, data: Record<string, unknown>): boolean {
  try {
    localStorage.setItem(storageKeys.questionnaireDataTemp(email), JSON.stringify(data));
    return true;
  } catch (error) {
    logWarning('Could not keep the questionnaire answers in this browser', error);
    return false;
  }
}

/** Answers the questionnaire left for this email before the account existed. */
export function takePendingQuestionnaire(email: string): Record<string, unknown> | undefined {
  return readJson(storageKeys.questionnaireDataTemp(email));
}

/** After sign-up the answers belong to the user: moved from the email key to the user key. */
export function keepQuestionnaireForUser(
  email: string,
  userId: string,
  data: Record<string, unknown>,
) {
  try {
    localStorage.setItem(storageKeys.questionnaireData(userId), JSON.stringify(data));
    localStorage.removeItem(storageKeys.questionnaireDataTemp(email));
  } catch {
    // Storage full or disabled: the server has the answers in the subscription's metadata.
  }
}

/**
 * A guest's conversation with the assistant (user id 'guest': docs/product.md § Chat assistant). It
 * lives only in this tab's session storage: the server keeps nothing of it, and closing the tab
 * forgets it.
 */
const GUEST_CHAT_KEY = 'complivue.chat.guest';

export function readGuestChat(): unknown {
  try {
    const raw = sessionStorage.getItem(GUEST_CHAT_KEY);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function storeGuestChat(conversation: unknown): void {
  try {
    sessionStorage.setItem(GUEST_CHAT_KEY, JSON.stringify(conversation));
  } catch (error) {
    logWarning('Could not keep the conversation in this browser tab', error);
  }
}

export function clearGuestChat(): void {
  try {
    sessionStorage.removeItem(GUEST_CHAT_KEY);
  } catch {
    // Storage disabled: there is nothing to clear.
  }
}

/**
 * The calendar view the member chose last in this browser (`list` or `month`): the calendar
 * opens in it when the address names none.
 */
const CALENDAR_VIEW_KEY = 'complivue.calendar-view';

export function readCalendarView(): string | null {
  try {
    return localStorage.getItem(CALENDAR_VIEW_KEY);
  } catch {
    return null;
  }
}

export function storeCalendarView(view: string): void {
  try {
    localStorage.setItem(CALENDAR_VIEW_KEY, view);
  } catch {
    // Storage disabled: the calendar opens in its default view next time.
  }
}
