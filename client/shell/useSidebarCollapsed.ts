import { useCallback, useState } from 'react';
import { STORAGE } from '../../shared/constants';
import { NARROW_SCREEN_PX } from './layout';

/**
 * Collapsed or expanded, remembered across visits. Until someone chooses,
 * a narrow screen starts collapsed so the tables have the width; a wide one starts open.
 */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => {
    const chosen = localStorage.getItem(STORAGE.sidebarCollapsed);
    return chosen === null ? window.innerWidth < NARROW_SCREEN_PX : chosen === 'true';
  });
  const toggle = useCallback(
    () =>
      setCollapsed((c) => {
        localStorage.setItem(STORAGE.sidebarCollapsed, String(!c));
        return !c;
      }),
    [],
  );
  return [collapsed, toggle];
}
