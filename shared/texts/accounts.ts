// The exact texts of User Management, the Activity Log and Notifications, with the
// server's own messages for the accounts' rules.
export const ACCOUNT_TEXT = {
  systemAccount: 'System Account',
  confirmEdit: "Are you sure you want to change this account's details?",
  confirmDeactivate: 'Are you sure you want to deactivate this account?',
  confirmAccept: 'Are you sure you want to accept this registration?',
  confirmReject: 'Are you sure you want to reject this registration?',
  updated: 'Account details has been successfully edited!',
  updateFailed: 'Failed to update user.',
  deactivated: 'Account deactivated.',
  deactivateFailed: 'Failed to deactivate user.',
  reactivated: 'Account reactivated.',
  reactivateFailed: 'Failed to reactivate the user.',
  registrationApproved: 'Request approved.',
  registrationApproveFailed: 'There was an error approving the request.',
  registrationRejected: 'Request rejected successfully!',
  registrationRejectFailed: 'Failed to reject the request.',
  resetApproved: 'Reset request approved.',
  resetApproveFailed: 'Failed to approve reset request.',
  resetRejected: 'Reset request rejected.',
  resetRejectFailed: 'Failed to reject reset request.',
  resetDeleted: 'Password reset request has been successfully deleted!',
  actionApproved: 'Request approved successfully!',
  actionApproveFailed: 'Failed to approve request.',
  actionRejected: 'Request rejected successfully!',
  actionRejectFailed: 'Failed to reject request.',
  noActionRequests: 'No action requests found.',
  noActivity: 'No activity logs found.',
  noNotifications: 'No notifications yet.',
  loading: 'Loading...',
  noMoreNotifications: 'No more notifications.',
  sentForApproval: 'Your request has been sent for approval.',
  // The accounts' rules, in words a person can act on.
  accountNotFound: 'That account does not exist.',
  systemUntouchable: 'The system account cannot be changed.',
  outranked: 'You can only change accounts of a lower rank than yours.',
  roleTooHigh: 'You can only assign roles below your own.',
  notYourself: 'You cannot deactivate your own account.',
  alreadyDeactivated: 'This account is already deactivated.',
  alreadyActive: 'This account is already active.',
  usernameTaken: 'That username is already used by another account.',
  emailTaken: 'That email is already used by another account.',
  usernameBlank: 'Please enter a username.',
  usernameShape: 'Username may use letters, digits and . _ - only (at most 50).',
  requestNotFound: 'That request does not exist.',
  requestDecided: 'This request has already been decided.',
  alreadyRequested: (type: string) => `A ${type} of this record is already waiting for approval.`,
  /** A held edit whose changed fields were changed by someone else meanwhile ("Stock", "7"). */
  staleRequest: (changed: readonly { label: string; now: string }[]) => {
    const named = changed.map((c) => `${c.label} (now ${c.now})`);
    const what =
      changed.length === 1
        ? `${changed[0]?.label} has changed since it was requested (now ${changed[0]?.now})`
        : `${named.slice(0, -1).join(', ')} and ${named.at(-1)} have changed since it was requested`;
    return `This request can no longer be applied: ${what}. Reject it and ask for a new one.`;
  },
  resetPendingDelete: 'A pending reset request cannot be deleted; approve or reject it first.',
  badRange: 'range must be one of all, today, week, month, year.',
} as const;
