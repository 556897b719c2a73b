/** The pay-links room's door. */
export { PAY_LINK_DAYS, payLinkNudgeKey, receiptText } from './rules';
export { linkPayerOfOrder } from './store';
