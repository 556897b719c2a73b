import { SCRUBBED, scrubText } from '@lbf/service-kit';
import { buyerNeedles, scrubBody, scrubJson } from './rules';

const awa = { emails: ['awa.ndiaye@example.cm'], firstName: 'Awa', lastName: 'Ndiaye', phones: ['+237690000001'] };

describe('what identifies a deleted buyer', () => {
  it('is their address (also URL-encoded), names and every form of their phones, longest first', () => {
    const needles = buyerNeedles(awa);
    expect(needles).toEqual(
      expect.arrayContaining(['awa.ndiaye@example.cm', 'awa.ndiaye%40example.cm', 'Awa Ndiaye', 'Ndiaye', 'Awa', '+237690000001', '237690000001', '690000001']),
    );
    expect(needles.indexOf('Awa Ndiaye')).toBeLessThan(needles.indexOf('Awa'));
  });

  it('leaves out what is too short to search for, and what is missing', () => {
    expect(buyerNeedles({ emails: [], firstName: 'Al', lastName: null, phones: [] })).toEqual([]);
  });
});

describe('scrubbing what commerce keeps', () => {
  const needles = buyerNeedles(awa);

  it('replaces them in text, case ignored', () => {
    expect(scrubText('Paiement de AWA NDIAYE (awa.ndiaye@example.cm) au 690000001', needles)).toBe(`Paiement de ${SCRUBBED} (${SCRUBBED}) au ${SCRUBBED}`);
  });

  it('replaces them in a provider’s JSON answer without touching its keys or its other values', () => {
    const body = {
      transaction: { reference: 'o-1-a1', amount: 2356, customer: { name: 'Awa Ndiaye', email: 'Awa.Ndiaye@example.cm', phone: '+237690000001' } },
      payer: { partyIdType: 'MSISDN', partyId: 237690000001 },
      callback: 'https://lbf.example/paiement/retour?email=awa.ndiaye%40example.cm',
    };
    expect(scrubJson(body, needles)).toEqual({
      transaction: { reference: 'o-1-a1', amount: 2356, customer: { name: SCRUBBED, email: SCRUBBED, phone: SCRUBBED } },
      payer: { partyIdType: 'MSISDN', partyId: SCRUBBED },
      callback: `https://lbf.example/paiement/retour?email=${SCRUBBED}`,
    });
  });

  it('scrubs a raw notification as JSON when it is JSON, else as text', () => {
    expect(JSON.parse(scrubBody('{"subscriberMsisdn":"690000001","status":"SUCCESSFULL"}', needles))).toEqual({ subscriberMsisdn: SCRUBBED, status: 'SUCCESSFULL' });
    expect(scrubBody('msisdn=690000001&status=ok', needles)).toBe(`msisdn=${SCRUBBED}&status=ok`);
  });
});
