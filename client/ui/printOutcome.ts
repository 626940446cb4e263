import { toast } from './outcome';

/** What the receipt printer did, as the server answers it: printed, or why not. */
export interface PrintOutcome {
  printed: boolean;
  message?: string;
}

/**
 * A print's outcome as a toast: green when it printed (the server's words, else `printed`),
 * red with what to do when the printer did not answer. The call itself succeeded either way.
 */
export function toastPrint(answer: PrintOutcome, printed: string): void {
  toast(answer.message ?? printed, answer.printed ? 'success' : 'error');
}
