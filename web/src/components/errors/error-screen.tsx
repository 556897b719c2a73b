import { RotateCcw, TriangleAlert, WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { errorScreenText as t } from '@/i18n/error-screen';
import { cn } from '@/lib/utils';
import { isChunkLoadError } from './chunk-error';

/**
 * What a visitor sees instead of a blank page when a screen fails to load or to render: the
 * reason in French and a reload button (a reload fetches the current build's chunks again).
 * Plain elements and an anchor only, so it renders even outside the router and the providers.
 */
export function ErrorScreen({ error, fullPage = false }: { error: unknown; fullPage?: boolean }) {
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    console.error(chunk ? 'a page chunk failed to load' : 'a page failed to render', error);
    document.title = t.documentTitle;
  }, [error, chunk]);

  const Icon = chunk ? WifiOff : TriangleAlert;
  return (
    <section
      role="alert"
      data-testid="error-screen"
      className={cn('container-page flex flex-col items-center justify-center gap-4 py-16 text-center', fullPage ? 'min-h-dvh' : 'min-h-[50vh]')}
    >
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-xl font-bold text-balance sm:text-2xl">{chunk ? t.chunkTitle : t.title}</h1>
      <p className="max-w-md text-muted-foreground text-balance">{chunk ? t.chunkText : t.text}</p>
      <div className="flex w-full flex-col items-center gap-2 sm:w-auto sm:flex-row">
        <Button size="lg" className="w-full sm:w-auto" onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" />
          {t.reload}
        </Button>
        {/* A full navigation, not a router link: the router itself may be what failed. */}
        <a href="/" className="px-4 py-2 text-sm font-medium text-primary underline underline-offset-4 hover:text-primary/80">
          {t.home}
        </a>
      </div>
    </section>
  );
}
