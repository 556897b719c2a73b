import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from './button';

/** A link to a page of the site that looks like a button, its icon before its text. */
export function LinkButton({ to, icon, children, ...button }: Omit<ComponentProps<typeof Button>, 'asChild'> & { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Button asChild {...button}>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </Button>
  );
}
