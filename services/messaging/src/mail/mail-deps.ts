import type { Counter } from '@lbf/service-kit';
import type { MessagingDeps } from '../shared/deps';
import type { ModuleTemplates, PurposeRenderers } from './render';
import type { MailPurpose } from './template-data';

/** How the sweeper dispatches some purpose's rows again (e.g. campaign mails through the newsletter's throttled queue). */
export type SweptDispatcher = (deps: MessagingDeps, ids: string[]) => Promise<void>;

/**
 * What the mail module works with: the service's deps plus what other modules plug in (app.ts
 * wires them), so mail never imports them: their transactional templates (contact's, the
 * newsletter's confirmation), renderers of the purposes it does not render itself (campaigns and
 * tests) and sweep dispatchers of the purposes sent their own way.
 */
export interface MailDeps extends MessagingDeps {
  templates: ModuleTemplates;
  renderers: PurposeRenderers;
  sweptDispatchers: Partial<Record<MailPurpose, SweptDispatcher>>;
  /** Counts each settled delivery (the alert on failing mail reads it). */
  mailsSettled: Counter<'purpose' | 'outcome'>;
}
