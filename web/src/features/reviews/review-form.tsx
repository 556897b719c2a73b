import { useEffect, useId, useState, type FormEvent } from 'react';
import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { fr } from '@/i18n/fr';
import { reviewsText as t } from '@/i18n/catalogue';
import { StarInput } from './star-input';
import MY_REVIEW_QUERY from './graphql/my-review.query.graphql';
import REVIEW_ITEM_MUTATION from './graphql/review-item.mutation.graphql';

/** What the server takes at most (catalogue's REVIEW_MAX_LENGTH). */
const MAX_LENGTH = 2000;

/**
 * « Donner mon avis », for a buyer (the server refuses anyone else): their stars and words, the
 * first time or to edit the review they wrote. Its own chunk (item-reviews.tsx loads it).
 */
export default function ReviewForm({ itemId }: { itemId: string }) {
  const id = useId();
  const mine = useApolloQuery(MY_REVIEW_QUERY, { variables: { itemId }, fetchPolicy: 'cache-and-network' });
  const existing = mine.data?.myReview ?? null;
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; text?: string; form?: string }>({});
  const [save, { loading }] = useApolloMutation(REVIEW_ITEM_MUTATION, { refetchQueries: ['ItemReviews', 'MyReview'] });

  useEffect(() => {
    if (existing) {
      setRating(existing.rating);
      setText(existing.text);
    }
  }, [existing]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (rating < 1) return setErrors({ rating: t.ratingRequired });
    setErrors({});
    try {
      const { data } = await save({ variables: { input: { itemId, rating, text } } });
      const error = data?.reviewItem.error;
      if (error) return setErrors(error.field === 'rating' || error.field === 'text' ? { [error.field]: error.message } : { form: error.message });
      toast.success(existing ? t.updated : t.published);
    } catch (err) {
      console.error('review:', err);
      toast.error(t.failed, { description: fr.common.unexpectedError });
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4 rounded-lg bg-muted/40 p-4" aria-labelledby={`${id}-title`} data-testid="review-form">
      <div>
        <h3 id={`${id}-title`} className="font-semibold">
          {existing ? t.yours : t.formTitle}
        </h3>
        <p className="text-sm text-muted-foreground">{t.formLead}</p>
      </div>
      {existing?.hidden && existing.hiddenReason && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
          {t.hiddenNotice(existing.hiddenReason)}
        </p>
      )}
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium" id={`${id}-rating-label`}>
          {t.yourRating}
        </span>
        <StarInputField id={id} rating={rating} onChange={setRating} error={errors.rating} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-text`}>{t.textLabel}</Label>
        <Textarea
          id={`${id}-text`}
          value={text}
          maxLength={MAX_LENGTH}
          placeholder={t.textPlaceholder}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={`${id}-text-count${errors.text ? ` ${id}-text-error` : ''}`}
        />
        <p id={`${id}-text-count`} className="text-xs text-muted-foreground">
          {t.remaining(MAX_LENGTH - text.length)}
        </p>
        <FieldError id={`${id}-text-error`} message={errors.text} />
      </div>
      <FieldError id={`${id}-form-error`} message={errors.form} />
      <Button type="submit" className="self-start" disabled={loading} data-testid="review-submit">
        {loading ? t.saving : existing ? t.update : t.publish}
      </Button>
    </form>
  );
}

function StarInputField({ id, rating, onChange, error }: { id: string; rating: number; onChange(v: number): void; error?: string }) {
  return (
    <>
      <StarInput name={`${id}-rating`} value={rating} onChange={onChange} labelledBy={`${id}-rating-label`} invalid={Boolean(error)} describedBy={error ? `${id}-rating-error` : undefined} />
      <FieldError id={`${id}-rating-error`} message={error} />
    </>
  );
}
