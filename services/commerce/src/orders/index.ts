/**
 * The orders module's door: the order as GraphQL shows it, who may see one, "this order changed",
 * and the orders' and attempts' rows (read, and written field by field) for the modules that change them.
 */
export { viewOf, visibleOrder } from './read';
export { findAttempt, findOrder, liveAttemptOf, loadRecords, toAttempt, toOrder, updateAttempt, updateOrder } from './store';
export { orderView, type OrderRecord } from './views';
export { OrderUpdates } from './live';
