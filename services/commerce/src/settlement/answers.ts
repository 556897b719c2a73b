import { ProviderRejected, ProviderUnavailable, type ProviderAnswer } from '../providers';
import type { SettleInput } from './settle';
import type { Exchange } from './store';

/** A provider's answer as what `settle` applies. */
export function answerInput(answer: ProviderAnswer): SettleInput {
  return {
    outcome: answer.outcome,
    providerReference: answer.providerReference,
    operatorTransactionId: answer.operatorTransactionId,
    reasonCode: answer.reasonCode,
    authorizationUrl: answer.authorizationUrl,
    exchange: answer.exchange,
  };
}

/** What to keep of a failed call: the provider's exchange when it has one, else the error's message. */
export function errorExchange(kind: string, err: unknown): Exchange {
  if (err instanceof ProviderUnavailable || err instanceof ProviderRejected) {
    return err.exchange ?? { kind, httpStatus: null, body: { error: err.message } };
  }
  return { kind, httpStatus: null, body: { error: err instanceof Error ? err.message : String(err) } };
}
