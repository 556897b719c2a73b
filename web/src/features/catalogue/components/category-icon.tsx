import { Apple, Dumbbell, HeartPulse, Leaf, Moon, type LucideProps } from 'lucide-react';
import type { ContentCategory } from '@/lib/catalogue-types';

const ICONS = {
  exercise: Dumbbell,
  nutrition: Apple,
  wellbeing: Leaf,
  sleep: Moon,
  health: HeartPulse,
} as const;

export function CategoryIcon({ category, ...props }: LucideProps & { category: ContentCategory }) {
  const Icon = ICONS[category];
  return <Icon aria-hidden="true" {...props} />;
}
