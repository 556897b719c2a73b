import { Link } from 'react-router-dom';
import type { Block, Inline, Rich } from '@/i18n/pages/types';
import { cn } from '@/lib/utils';

export const textLinkClass = 'font-medium text-primary underline underline-offset-4 hover:text-primary/80';

function InlinePiece({ piece, email }: { piece: Inline; email: string }) {
  if (typeof piece === 'string') return <>{piece}</>;
  if ('contactEmail' in piece) {
    return (
      <a href={`mailto:${email}`} className={cn(textLinkClass, 'break-all')}>
        {email}
      </a>
    );
  }
  return (
    <Link to={piece.to} className={textLinkClass}>
      {piece.label}
    </Link>
  );
}

/** The pieces of one paragraph or list item, without a wrapper. */
export function RichText({ value, email }: { value: Rich; email: string }) {
  if (typeof value === 'string') return <>{value}</>;
  return (
    <>
      {value.map((piece, index) => (
        <InlinePiece key={index} piece={piece} email={email} />
      ))}
    </>
  );
}

function isRich(block: Block): block is Rich {
  return typeof block === 'string' || Array.isArray(block);
}

/** Paragraphs, lists and definition lists of a legal section or an FAQ answer. */
export function Blocks({ blocks, email }: { blocks: readonly Block[]; email: string }) {
  return (
    <>
      {blocks.map((block, index) => {
        if (isRich(block)) {
          return (
            <p key={index}>
              <RichText value={block} email={email} />
            </p>
          );
        }
        if ('list' in block) {
          return (
            <ul key={index} className="list-disc space-y-1.5 pl-5 marker:text-primary">
              {block.list.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <RichText value={item} email={email} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <dl key={index} className="divide-y rounded-lg border bg-card">
            {block.definitions.map((definition) => (
              <div key={definition.term} className="flex flex-col gap-1 p-4">
                <dt className="font-semibold text-foreground">{definition.term}</dt>
                {definition.details.map((detail, detailIndex) => (
                  <dd key={detailIndex} className="text-muted-foreground">
                    <RichText value={detail} email={email} />
                  </dd>
                ))}
              </div>
            ))}
          </dl>
        );
      })}
    </>
  );
}
