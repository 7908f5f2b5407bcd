import { useCallback, useState } from 'react';
import { logWarning } from '@/lib/log';

/** Where the sidebar's collapsed state is remembered in this browser. */
export const SIDEBAR_COLLAPSED_KEY = 'complivue.sidebar-collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** docs/product.md § Sidebar: collapsed or expanded, and the choice is remembered. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((current) => {
      const next = !current;
      try {
        localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(next));
      } catch (error) {
        logWarning('Could not remember the sidebar state', error);
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
