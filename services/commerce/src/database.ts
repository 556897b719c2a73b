import { createServiceDataSource } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { BuyerNames1764000000400 } from './migrations/buyer-names';
import { CommerceTables1763900000000 } from './migrations/commerce-tables';
import { ChargeRecovery1764000000650 } from './migrations/charge-recovery';
import { AttemptTrace1764000000700 } from './migrations/attempt-trace';
import { PaymentAlerts1764000000500 } from './migrations/payment-alerts';

export const SCHEMA = 'commerce';

export function createDataSource(url: string, poolSize?: number): DataSource {
  return createServiceDataSource({ url, schema: SCHEMA, migrations: [CommerceTables1763900000000, BuyerNames1764000000400, PaymentAlerts1764000000500, ChargeRecovery1764000000650, AttemptTrace1764000000700], poolSize });
}
