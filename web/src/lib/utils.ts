import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its class map on its first call (the largest single piece of the hydrating
 * render on a slow phone): main.tsx calls this in a task of its own just before hydrating.
 */
export function prepareClassMerge(): void {
  twMerge('p-0 p-1');
}
