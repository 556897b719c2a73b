import { ImageOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { cn } from '@/lib/utils';

/** `sizes` of a card in the catalogue grids (one column, two from sm, three of the 72rem page from lg). */
export const GRID_CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';

interface MediaImageProps {
  /** A same-origin /media/... URL from the API, or null when the item has no image yet. */
  src: string | null | undefined;
  /** Intrinsic size of the image: the browser reserves the box before a byte arrives. */
  width: number;
  height: number;
  /** The box's displayed width per layout (the `sizes` attribute): picks the file's width. */
  sizes?: string;
  /** Sizes the box (aspect ratio, rounding); the image covers it. */
  className?: string;
  /** Shown instead of the image when there is none or it failed (an expired link, a slow network). */
  fallback?: ReactNode;
  /** The image above the fold of a detail page: fetch at once. Everything else waits for the viewport. */
  priority?: boolean;
  alt?: string;
}

/**
 * An API image that never moves the layout: a fixed-ratio box, lazy-loaded by default, at the
 * width displayed in a modern format (ResponsiveImage), with a drawn placeholder (no stock photo
 * to download) when the image is missing or cannot load.
 */
export function MediaImage({ src, width, height, sizes = '100vw', className, fallback, priority = false, alt = '' }: MediaImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <div
      className={cn('relative overflow-hidden bg-gradient-to-br from-accent to-secondary', className)}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {showImage && src ? (
        <ResponsiveImage
          src={src}
          width={width}
          height={height}
          sizes={sizes}
          alt={alt}
          priority={priority}
          onError={() => setFailedSrc(src ?? null)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <div className="absolute inset-0 grid place-items-center text-primary/60" aria-hidden="true">
          {fallback ?? <ImageOff className="size-8" />}
        </div>
      )}
    </div>
  );
}
