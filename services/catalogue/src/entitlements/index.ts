/** What the other rooms may use of entitlements. */
export { deleteEntitlementsOf, liveEntitlement, liveOrderOf, ownsItem, type BuyerDetails, type EntitlementKey } from './store';
export { createOwnership, type Ownership } from './ownership';
export { entitlementsModule } from './entitlements.module';
export { ENTITLEMENTS_CONSUMER, REFUNDS_CONSUMER } from './consumers';
