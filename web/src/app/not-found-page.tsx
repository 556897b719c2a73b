import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';

/** Any unknown path: the spec's English text, and the miss is recorded (notFound: true). */
export default function NotFoundPage() {
  usePage(fr.notFound.documentTitle, { notFound: true, meta: { noindex: true } });
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16 text-center" lang="en">
      <p className="text-6xl font-bold text-primary">{fr.notFound.code}</p>
      <h1 className="text-xl text-muted-foreground">{fr.notFound.title}</h1>
      <Link to={paths.home()} className="font-medium text-primary underline underline-offset-4 hover:text-primary/80">
        {fr.notFound.back}
      </Link>
    </section>
  );
}
