import { type NotificationsProps, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The toast layer (its code and styles) loads with the first toast, not with every page.
const loadLayer = () => import('./ToastLayer');
const ToastLayer = lazy(loadLayer);

/** Fetches the layer ahead: the counter shows toasts with the server gone too. */
export const preloadToasts = () => void loadLayer().catch(() => undefined);

/** Mantine's <Notifications>, mounted once anything calls notifications.show(). */
export function Toasts(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastLayer {...props} />
    </Suspense>
  );
}
