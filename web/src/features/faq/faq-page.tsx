import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown, Mail } from 'lucide-react';
import { paths } from '@/app/route-manifest';
import { usePage } from '@/hooks/use-page';
import { fr } from '@/i18n/fr';
import { faq } from '@/i18n/pages/faq';
import { ClosingBand, PageHero } from '../../components/layout/page-hero';
import { Blocks } from '../../components/content/rich-text';
import { useContactDetails } from '../../hooks/use-contact-details';
import { LinkButton } from '@/components/ui/link-button';

/** /faq: five collapsible questions, the first open, and a way on to /contact. */
export default function FaqPage() {
  usePage(fr.pages.faq, { meta: { description: faq.lead } });
  const { email } = useContactDetails();
  return (
    <>
      <PageHero eyebrow={faq.eyebrow} title={faq.title} lead={faq.lead} />

      <section aria-label={faq.listLabel} className="container-page max-w-3xl py-10 sm:py-14">
        <Accordion.Root type="single" collapsible defaultValue={faq.items[0].id} className="divide-y rounded-lg border bg-card shadow-sm">
          {faq.items.map((item) => (
            <Accordion.Item key={item.id} value={item.id} data-testid={`faq-item-${item.id}`}>
              <Accordion.Header asChild>
                <h2>
                  <Accordion.Trigger className="group flex min-h-14 w-full items-center justify-between gap-4 px-4 py-3 text-left text-base font-semibold hover:bg-muted/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-6">
                    {item.question}
                    <ChevronDown
                      className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
                      aria-hidden="true"
                    />
                  </Accordion.Trigger>
                </h2>
              </Accordion.Header>
              <Accordion.Content className="flex flex-col gap-3 px-4 pb-5 text-sm leading-relaxed text-muted-foreground sm:px-6 sm:text-base">
                <Blocks blocks={item.answer} email={email} />
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </section>

      <ClosingBand id="faq-more-title" title={faq.moreTitle} text={faq.moreText}>
        <LinkButton to={paths.contact()} icon={<Mail aria-hidden="true" />} size="lg" className="w-full sm:w-auto">
          {faq.moreLink}
        </LinkButton>
      </ClosingBand>
    </>
  );
}
