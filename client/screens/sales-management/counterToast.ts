import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '../../../shared/constants';
import { failureText } from '../../errors';

type Tone = 'success' | 'error' | 'info';
const COLORS: Record<Tone, string> = { success: 'green', error: 'red', info: 'blue' };

/**
 * The counter's toasts show at the top centre, over the screen's title, never over the
 * cart's header at the top right (at 1366×768 the app's top-right toasts hid Order Type
 * and the customer for three seconds after every sale).
 */
export function counterToast(message: string, tone: Tone = 'info'): void {
  notifications.show({
    message,
    color: COLORS[tone],
    autoClose: TOAST_MS,
    withBorder: true,
    position: 'top-center',
  });
}

/** toastOutcome (client/ui/outcome.ts) for the counter, at its place. */
export function counterOutcome(texts: { success: string; failure: string }, after?: () => void) {
  return {
    onSuccess: (result: unknown) => {
      const answer = (result ?? {}) as { message?: unknown; requested?: unknown };
      const message = typeof answer.message === 'string' && answer.message ? answer.message : texts.success;
      counterToast(message, answer.requested ? 'info' : 'success');
      after?.();
    },
    onError: (error: unknown) => counterToast(failureText(error, texts.failure), 'error'),
  };
}
