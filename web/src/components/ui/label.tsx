import * as LabelPrimitive from '@radix-ui/react-label';
import { withClasses } from './with-classes';

export const Label = withClasses(LabelPrimitive.Root, 'text-sm font-medium leading-none select-none peer-disabled:opacity-50');
