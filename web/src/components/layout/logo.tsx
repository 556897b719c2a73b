import { Leaf } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { fr } from '@/i18n/fr';
import { cn } from '@/lib/utils';

export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link
      to={paths.home()}
      onClick={onClick}
      aria-label={fr.brand.homeLinkLabel}
      className={cn('inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-primary', className)}
    >
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
        <Leaf className="size-5" aria-hidden="true" />
      </span>
      <span aria-hidden="true">{fr.brand.name}</span>
    </Link>
  );
}
