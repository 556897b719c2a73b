import { createContext, useContext } from 'react';

export interface SidebarContextValue {
  /** Desktop: expanded (16rem) or collapsed to the 3rem icon rail. */
  open: boolean;
  /** Mobile (< 768 px): the 18rem sheet is open. */
  openMobile: boolean;
  isMobile: boolean;
  setOpenMobile(open: boolean): void;
  toggle(): void;
}

export const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used within a SidebarProvider');
  return value;
}
