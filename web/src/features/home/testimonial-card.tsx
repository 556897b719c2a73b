import { Quote } from 'lucide-react';
import { Card } from '@/components/ui/card';
import type { TestimonialCard_TestimonialFragment } from '@/generated/graphql';
import { homeText } from '@/i18n/catalogue';
import { typeset } from '../../lib/format/catalogue';
import { StarRating } from '../../components/content/star-rating';

export type TestimonialCardTestimonial = TestimonialCard_TestimonialFragment;

export function TestimonialCard({ testimonial }: { testimonial: TestimonialCardTestimonial }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid="testimonial-card">
      <div className="flex items-center justify-between">
        <StarRating value={testimonial.rating} label={homeText.rating(testimonial.rating)} />
        <Quote className="size-6 text-primary/30" aria-hidden="true" />
      </div>
      <blockquote className="flex-1 text-sm leading-relaxed">{typeset(`« ${testimonial.content} »`)}</blockquote>
      {testimonial.videoTitle && (
        <p className="text-xs text-muted-foreground italic">{homeText.aboutVideo(testimonial.videoTitle)}</p>
      )}
      <footer className="border-t pt-3">
        <p className="text-sm font-semibold">{testimonial.name}</p>
        <p className="text-xs text-muted-foreground">{testimonial.location}</p>
      </footer>
    </Card>
  );
}
