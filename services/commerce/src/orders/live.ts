import { LiveNudges, type Logger, type Redis } from '@lbf/service-kit';

/**
 * "This order changed" across every commerce instance (the message is the order id): whichever
 * instance settles a payment, the one holding the customer's WebSocket pushes the order again.
 */
export class OrderUpdates extends LiveNudges {
  constructor(redis: Redis, prefix: string, log: Logger) {
    super(redis, `${prefix}:commerce:order-updated`, log);
  }
}
