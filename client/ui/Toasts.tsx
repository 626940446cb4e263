import { type NotificationsProps, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The toast layer (its code and styles) loads with the first toast, not with every page.
const ToastLayer = lazy(() => import('./ToastLayer'));

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
