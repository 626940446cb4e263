import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useKept } from './offline/kept';
import { type RouterOutputs, useTRPC } from './trpc';

// The terminal (till) this browser sells at, kept on the device: signing out keeps it.

export type Terminal = RouterOutputs['terminals']['list'][number];

const KEY = 'terminalId';
const CHANGED = 'terminal-changed';

/** The terminal this device chose, or null when it has not chosen one. */
function readTerminalId(): number | null {
  const id = Number(localStorage.getItem(KEY));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Chooses (or, with null, forgets) this device's terminal; every screen showing it follows. */
function saveTerminalId(id: number | null): void {
  if (id === null) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, String(id));
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * This device's terminal: the one it chose, while that terminal exists; else the only
 * terminal when there is one (used without asking, and not kept, so adding a second asks).
 * `mustChoose` is true when there are several and none is chosen (or the chosen one is gone).
 * Not `enabled`, it does not read the list (yet).
 */
export function useDeviceTerminal(enabled = true) {
  const trpc = useTRPC();
  const list = useQuery({ ...trpc.terminals.list.queryOptions(), enabled });
  const storedId = useSyncExternalStore(subscribe, readTerminalId);
  // Kept on the device: the counter sells offline under its terminal's name and numbers.
  const all = useKept('terminals', list) ?? [];
  const stored = all.find((t) => t.id === storedId);
  const terminal = stored ?? (all.length === 1 ? all[0] : undefined) ?? null;
  // A kept terminal that is no longer there (a restored database) is forgotten, and asked again.
  const gone = list.isSuccess && storedId !== null && !stored;
  useEffect(() => {
    if (gone) saveTerminalId(null);
  }, [gone]);
  return {
    terminals: all,
    terminal,
    loading: list.isPending,
    mustChoose: list.isSuccess && all.length > 1 && !stored,
    choose: (id: number) => saveTerminalId(id),
  };
}

/**
 * The terminal a sale, refund, shift or pickup made on this device names: the chosen one,
 * or null (the server then takes the shift's, else the first).
 */
export const deviceTerminalId = (): number | null => readTerminalId();

/**
 * The terminal this device sells at for numbering its sales: the one chosen, or the shop's
 * only one (docs/decisions.md, Selling offline); null when it must still choose.
 */
export function useNumberingTerminalId(enabled = true): number | null {
  const { terminal } = useDeviceTerminal(enabled);
  return deviceTerminalId() ?? terminal?.id ?? null;
}
