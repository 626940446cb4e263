import { useCallback, useEffect, useState } from 'react';
import { STORAGE } from '../../shared/constants';

/** Collapsed or expanded, remembered across visits (SPEC.md §2). */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(STORAGE.sidebarCollapsed) === 'true');
  useEffect(() => {
    localStorage.setItem(STORAGE.sidebarCollapsed, String(collapsed));
  }, [collapsed]);
  const toggle = useCallback(() => setCollapsed((c) => !c), []);
  return [collapsed, toggle];
}
