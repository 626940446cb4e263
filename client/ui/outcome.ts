import { notifications } from '@mantine/notifications';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { TOAST_MS } from '../../shared/constants';
import { failureText } from '../errors';

type Tone = 'success' | 'error' | 'info';
const COLORS: Record<Tone, string> = { success: 'green', error: 'red', info: 'blue' };

/** A toast: 3 seconds, info by default. */
export function toast(message: string, tone: Tone = 'info'): void {
  notifications.show({ message, color: COLORS[tone], autoClose: TOAST_MS, withBorder: true });
}

/**
 * The one way a screen reports a mutation: the server's message (a held staff change
 * says so and shows as info), the success text, or the failure text.
 */
export function toastOutcome(texts: { success: string; failure: string }, after?: (result: unknown) => void) {
  return {
    onSuccess: (result: unknown) => {
      const answer = (result ?? {}) as { message?: unknown; requested?: unknown };
      const message = typeof answer.message === 'string' && answer.message ? answer.message : texts.success;
      toast(message, answer.requested ? 'info' : 'success');
      after?.(result);
    },
    onError: (error: unknown) => toast(failureText(error, texts.failure), 'error'),
  };
}

/** A procedure's mutation options factory, as `trpc.<domain>.<procedure>` offers it. */
interface Mutable<Out, In, Err, Ctx> {
  mutationOptions: (opts: ReturnType<typeof toastOutcome>) => UseMutationOptions<Out, Err, In, Ctx>;
}

/**
 * A mutation that reports itself by toast (toastOutcome) and then runs `after`
 * (usually refetching the list it changed): one line per button on every screen.
 */
export function useReportedMutation<Out, In, Err, Ctx>(
  procedure: Mutable<Out, In, Err, Ctx>,
  texts: { success: string; failure: string },
  after?: (result: unknown) => void,
) {
  return useMutation(procedure.mutationOptions(toastOutcome(texts, after)));
}
