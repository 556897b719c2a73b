import { DEFAULT_MAIL_SEND_LEASE_MS, DEFAULT_SMTP_TIMEOUTS } from '../config';
import { messageIdOf } from './deliver';
import { isPermanentSmtpError, isRecipientRefused, smtpErrorText } from './transport';

describe('mail transport rules', () => {
  it('a 5xx reply is permanent; 4xx and connection errors are transient', () => {
    expect(isPermanentSmtpError({ responseCode: 550, response: '550 Mailbox unavailable' })).toBe(true);
    expect(isPermanentSmtpError({ responseCode: 451 })).toBe(false);
    expect(isPermanentSmtpError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' })).toBe(false);
    expect(isPermanentSmtpError(new Error('boom'))).toBe(false);
  });

  it('a refused login is our configuration: retried, never permanent', () => {
    expect(isPermanentSmtpError({ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535, response: '535 5.7.8 Authentication failed' })).toBe(false);
  });

  it('only a refused recipient is a hard bounce (its address suppressed), not a refused message', () => {
    expect(isRecipientRefused({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550, response: '550 5.1.1 <a@b.c>: User unknown' })).toBe(true);
    expect(isRecipientRefused({ code: 'EMESSAGE', command: 'DATA', responseCode: 550, response: '550 5.1.1 mailbox unavailable' })).toBe(true);
    expect(isRecipientRefused({ code: 'EMESSAGE', command: 'DATA', responseCode: 552, response: '552 5.3.4 Message size exceeds fixed limit' })).toBe(false);
    expect(isRecipientRefused({ code: 'EMESSAGE', command: 'DATA', responseCode: 554, response: '554 5.7.1 Message rejected as spam' })).toBe(false);
    expect(isRecipientRefused({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 450, response: '450 4.2.1 try later' })).toBe(false);
  });

  it('keeps the server reply as the error text', () => {
    expect(smtpErrorText({ responseCode: 550, response: '550 5.1.1 no such user', code: 'EENVELOPE' })).toBe('EENVELOPE: 550 5.1.1 no such user');
    expect(smtpErrorText({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' })).toBe('connect ECONNREFUSED 127.0.0.1:1');
  });

  it('the Message-ID is the delivery id at the site host, the same on every attempt', () => {
    expect(messageIdOf('0b9f', 'https://lbf.example:8443/x')).toBe('<0b9f@lbf.example>');
    expect(messageIdOf('0b9f', 'pas une url')).toBe('<0b9f@lbf.local>');
  });

  it('one SMTP exchange ends well within the sending lease', () => {
    const worst = DEFAULT_SMTP_TIMEOUTS.connection + DEFAULT_SMTP_TIMEOUTS.greeting + DEFAULT_SMTP_TIMEOUTS.socket;
    expect(worst * 2).toBeLessThanOrEqual(DEFAULT_MAIL_SEND_LEASE_MS);
  });
});
