import { useState, type SyntheticEvent } from 'react';
import { buildSrcSet, fallbackWidth, variantBase, variantUrl, type SrcSetOptions } from '@/lib/image-srcset';
import { useLowData } from '@/lib/low-data';

export interface ResponsiveImageProps {
  /** The API's image URL (a signed /media read); other URLs are shown as they are. */
  src: string;
  /** Intrinsic size: the browser reserves the box (its aspect ratio) before a byte arrives. */
  width: number;
  height: number;
  /** The box's displayed width per layout, as in the `sizes` attribute, e.g. "(min-width: 640px) 50vw, 100vw". */
  sizes: string;
  alt: string;
  /** The first image a visitor sees: fetched at once, first. Every other image waits for the viewport. */
  priority?: boolean;
  className?: string;
  /** Called when no version of the image could be shown (the original failed too). */
  onError?: (event: SyntheticEvent<HTMLImageElement>) => void;
}

/**
 * An image at the size it is displayed, in the lightest format the browser reads: a <picture> with
 * AVIF and WebP sources and a JPEG <img>, each a srcset of the catalogue's fixed widths (up to twice
 * the intrinsic width). Lazy and decoded off the main thread unless `priority`. In the low-data
 * mode the browser is steered to files half as wide. If the resized copy cannot be had (an image
 * not public, e.g. an unpublished item in a buyer's library), the original URL is used instead.
 */
export function ResponsiveImage({ src, width, height, sizes, alt, priority = false, className, onError }: ResponsiveImageProps) {
  const { enabled: lowData } = useLowData();
  const [failedBase, setFailedBase] = useState<string | null>(null);
  const base = variantBase(src);
  const common = {
    width,
    height,
    alt,
    className,
    decoding: 'async' as const,
    loading: priority ? ('eager' as const) : ('lazy' as const),
    ...(priority ? { fetchPriority: 'high' as const } : {}),
  };
  if (!base || failedBase === base) return <img {...common} src={src} onError={onError} />;

  const opts: SrcSetOptions = { maxWidth: width * 2, lowData };
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={buildSrcSet(base, 'avif', opts)} sizes={sizes} />
      <source type="image/webp" srcSet={buildSrcSet(base, 'webp', opts)} sizes={sizes} />
      <img
        {...common}
        src={variantUrl(base, fallbackWidth(opts), 'jpeg')}
        srcSet={buildSrcSet(base, 'jpeg', opts)}
        sizes={sizes}
        onError={() => setFailedBase(base)}
      />
    </picture>
  );
}
