import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications, type NotificationsProps } from '@mantine/notifications';

/** Loaded by Toasts on the first toast, with the styles only toasts use. */
export default function ToastLayer(props: NotificationsProps) {
  return <Notifications {...props} />;
}
