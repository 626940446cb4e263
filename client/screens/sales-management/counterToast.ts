import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '../../../shared/constants';

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
