import type { ReactNode } from 'react';

/**
 * A region waiting for its content: `aria-busy`, and the status a screen reader announces
 * (« Chargement… »); the skeletons inside are hidden from it.
 */
export function LoadingRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className} aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      {children}
    </div>
  );
}
