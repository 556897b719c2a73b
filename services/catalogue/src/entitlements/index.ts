/** What the other rooms may use of entitlements. */
export { liveEntitlement, liveOrderOf, ownsItem, type BuyerDetails } from './store';
export { createOwnership, type Ownership } from './ownership';
export { entitlementsModule } from './entitlements.module';
export { ENTITLEMENTS_CONSUMER, REFUNDS_CONSUMER } from './consumers';
