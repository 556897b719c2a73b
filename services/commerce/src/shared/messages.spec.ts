import { failureMessage, METHOD_HINTS, METHOD_LABELS } from './messages';

describe('failure messages', () => {
  it.each([
    ['failed', 'NOT_ENOUGH_FUNDS', 'Solde insuffisant.'],
    ['failed', '60019', 'Solde insuffisant.'],
    ['failed', 'APPROVAL_REJECTED', 'Paiement refusé sur le téléphone.'],
    ['failed', 'PAYER_NOT_FOUND', "Numéro inconnu de l'opérateur."],
    ['failed', 'COULD_NOT_PERFORM_TRANSACTION', 'Le délai de confirmation est dépassé.'],
    ['expired', 'WINDOW_PASSED', 'Le délai de confirmation est dépassé.'],
    ['canceled', 'CANCELED_BY_CUSTOMER', 'Paiement annulé.'],
    ['failed', 'approval_rejected', 'Paiement refusé sur le téléphone.'],
  ] as const)('%s %s -> %s', (outcome, code, message) => {
    expect(failureMessage(outcome, code)).toBe(message);
  });

  it('falls back on the outcome', () => {
    expect(failureMessage('failed', 'SOMETHING_NEW')).toBe('Le paiement a échoué.');
    expect(failureMessage('failed', null)).toBe('Le paiement a échoué.');
    expect(failureMessage('expired', null)).toBe('Le délai de confirmation est dépassé.');
    expect(failureMessage('canceled', null)).toBe('Paiement annulé.');
  });

  it('names and hints every method', () => {
    expect(METHOD_LABELS).toEqual({ orange: 'Orange Money', mtn: 'MTN Mobile Money', notchpay: 'NotchPay' });
    expect(METHOD_HINTS.orange).toContain('#150*50#');
  });
});
