import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

/** A row action: an icon button named for assistive technology, its name in a tooltip on hover. */
export function IconAction({
  label,
  tooltip,
  onClick,
  destructive,
  disabled,
  children,
}: {
  label: string;
  tooltip: string;
  onClick(): void;
  destructive?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn('size-9', destructive && 'text-destructive hover:bg-destructive/10 hover:text-destructive')}
          aria-label={label}
          disabled={disabled}
          onClick={onClick}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{tooltip}</TooltipContent>
    </Tooltip>
  );
}
