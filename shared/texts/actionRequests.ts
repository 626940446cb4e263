// The exact texts of the Action Requests section and of a held change: what staff are
// told when their change waits, and the reviewer's toasts and refusals.
export const ACTION_REQUEST_TEXT = {
  approved: 'Request approved successfully!',
  approveFailed: 'Failed to approve request.',
  rejected: 'Request rejected successfully!',
  rejectFailed: 'Failed to reject request.',
  none: 'No action requests found.',
  sentForApproval: 'Your request has been sent for approval.',
  /** Said in a staff user's edit form: their change is held for approval. */
  staffEditNote: 'A manager will review your changes before they are saved.',
  alreadyRequested: (type: string) => `A ${type} of this record is already waiting for approval.`,
  /** A held edit whose changed fields were changed by someone else meanwhile ("Stock", "7"). */
  stale: (changed: readonly { label: string; now: string }[]) => {
    const named = changed.map((c) => `${c.label} (now ${c.now})`);
    const what =
      changed.length === 1
        ? `${changed[0]?.label} has changed since it was requested (now ${changed[0]?.now})`
        : `${named.slice(0, -1).join(', ')} and ${named.at(-1)} have changed since it was requested`;
    return `This request can no longer be applied: ${what}. Reject it and ask for a new one.`;
  },
} as const;
