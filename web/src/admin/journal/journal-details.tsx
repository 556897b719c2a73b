import { adminFr } from '@/i18n/admin';

const t = adminFr.journal;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A value as one line: text as it is, anything else as JSON, nothing as « (vide) ». */
function show(value: Json | undefined): string {
  if (value === null || value === undefined || value === '') return t.emptyValue;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function isChange(value: Json): value is { before: Json; after: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'before' in value && 'after' in value;
}

function parse(details: string): Record<string, Json> {
  try {
    const value = JSON.parse(details) as Json;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : { details: value };
  } catch {
    return { details };
  }
}

/**
 * What an action changed, folded under « Voir le détail » (a native disclosure: keyboard and screen
 * readers open it as they open any): each field with its value, or « avant → après » for an update.
 */
export function JournalDetails({ details }: { details: string }) {
  const fields = Object.entries(parse(details));
  if (fields.length === 0) return <span className="text-muted-foreground">{t.noDetails}</span>;
  return (
    <details className="group max-w-80 max-md:max-w-full" data-testid="journal-details">
      <summary className="cursor-pointer text-primary underline-offset-2 hover:underline">{t.showDetails}</summary>
      <dl className="mt-2 grid gap-1.5 text-xs">
        {fields.map(([key, value]) => (
          <div key={key} className="min-w-0">
            <dt className="font-medium text-muted-foreground">{t.detailKeys[key] ?? key}</dt>
            <dd className="break-words whitespace-pre-wrap">{isChange(value) ? t.changed(show(value.before), show(value.after)) : show(value)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
