import { useCallback, useEffect, useRef, useState } from 'react';
import { POPUP_MS } from '../../shared/constants';

export type PopupKind = 'success' | 'error';

export interface PopupMessage {
  kind: PopupKind;
  text: string;
}

/** One popup at a time; a new message replaces the old one and restarts the 3-second clock. */
export function usePopup() {
  const [popup, setPopup] = useState<PopupMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const close = useCallback(() => {
    clearTimeout(timer.current);
    setPopup(null);
  }, []);

  const show = useCallback((kind: PopupKind, text: string) => {
    clearTimeout(timer.current);
    setPopup({ kind, text });
    timer.current = setTimeout(() => setPopup(null), POPUP_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { popup, show, close };
}
