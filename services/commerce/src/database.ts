import { HealthDataConsents1764000001000 } from './migrations/health-data-consents';
import { createServiceDataSource } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { BuyerNames1764000000400 } from './migrations/buyer-names';
import { CommerceTables1763900000000 } from './migrations/commerce-tables';
import { ChargeRecovery1764000000650 } from './migrations/charge-recovery';
import { AttemptTrace1764000000700 } from './migrations/attempt-trace';
import { OperatorHealth1764000000800 } from './migrations/operator-health';
import { PaymentAlerts1764000000500 } from './migrations/payment-alerts';
import { PromoCodes1764000000900 } from './migrations/promo-codes';
import { PayLinks1764000001100 } from './migrations/pay-links';
import { Gifts1782000000100 } from './migrations/gifts';
import { PayLinkPayerName1782000000200 } from './migrations/pay-link-payer-name';

export const SCHEMA = 'commerce';

export function createDataSource(url: string, poolSize?: number): DataSource {
  return createServiceDataSource({ url, schema: SCHEMA, migrations: [CommerceTables1763900000000, BuyerNames1764000000400, PaymentAlerts1764000000500, ChargeRecovery1764000000650, AttemptTrace1764000000700, OperatorHealth1764000000800, PromoCodes1764000000900, HealthDataConsents1764000001000, PayLinks1764000001100, Gifts1782000000100, PayLinkPayerName1782000000200], poolSize });
}
