import { Command as CommandPrimitive } from 'cmdk';
import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { withClasses } from './with-classes';

export const Command = withClasses(CommandPrimitive, 'flex h-full w-full flex-col overflow-hidden rounded-md bg-popover text-popover-foreground');

export function CommandInput({ className, ...props }: ComponentProps<typeof CommandPrimitive.Input>) {
  return (
    <div className="flex items-center gap-2 border-b px-3">
      <Search className="size-4 shrink-0 opacity-50" aria-hidden="true" />
      <CommandPrimitive.Input
        className={cn('flex h-10 w-full bg-transparent py-3 text-base outline-none placeholder:text-muted-foreground md:text-sm', className)}
        {...props}
      />
    </div>
  );
}

export const CommandList = withClasses(CommandPrimitive.List, 'max-h-64 overflow-x-hidden overflow-y-auto p-1');

export function CommandEmpty(props: ComponentProps<typeof CommandPrimitive.Empty>) {
  return <CommandPrimitive.Empty className="py-6 text-center text-sm" {...props} />;
}

export const CommandItem = withClasses(CommandPrimitive.Item, 'relative flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground');
