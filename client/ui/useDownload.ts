import { useState } from 'react';
import { downloadFile } from './download';
import { toast } from './outcome';

/**
 * A download behind a button: `busy` while it runs (the button's spinner), and `failed` as a
 * toast when it cannot be had. One piece for every export the screens offer.
 */
export function useDownload(failed: string) {
  const [busy, setBusy] = useState(false);
  const download = async (url: string, fallbackName: string) => {
    setBusy(true);
    try {
      await downloadFile(url, fallbackName);
    } catch {
      toast(failed, 'error');
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
