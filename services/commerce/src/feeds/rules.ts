/**
 * The placeholder e-mail of a buyer identity has not told us about yet (tokens carry none): under
 * .invalid (RFC 2606), so no mail ever leaves for it. The order takes the real address when
 * identity.user.registered arrives (adoptBuyerEmail), and a receipt is sent to the real one.
 */
export function placeholderEmail(userId: string): string {
  return `client-${userId.slice(0, 8)}@clients.lbf.invalid`;
}
