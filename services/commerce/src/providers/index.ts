/**
 * The providers module's door: the port every client implements, the three clients, their
 * settings from the environment and the registry of the offered ones.
 */
export * from './port';
export * from './notchpay';
export * from './mtn-momo';
export * from './orange-money';
export * from './configs';
export * from './registry';
export { redact } from './http';
