import * as TabsPrimitive from '@radix-ui/react-tabs';
import { withClasses } from './with-classes';

export const Tabs = TabsPrimitive.Root;

export const TabsList = withClasses(TabsPrimitive.List, 'grid h-10 w-full auto-cols-fr grid-flow-col items-center rounded-md bg-muted p-1 text-muted-foreground');

export const TabsTrigger = withClasses(TabsPrimitive.Trigger, 'inline-flex h-8 items-center justify-center rounded-sm px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm');

export const TabsContent = withClasses(TabsPrimitive.Content, 'mt-4 focus-visible:outline-2 focus-visible:outline-ring');
