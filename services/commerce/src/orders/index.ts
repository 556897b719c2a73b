/** The orders module's door: the order as GraphQL shows it, who may see one, and "this order changed". */
export { viewOf, visibleOrder } from './read';
export { findOrder, loadRecords, toAttempt, toOrder } from './store';
export { orderView, type OrderRecord } from './views';
export { OrderUpdates } from './live';
