/** How often the unread count is checked: by the side navigation's badge, and by the open Notifications list. */
export const UNREAD_CHECK_MS = 60_000;
