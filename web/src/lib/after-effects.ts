/**
 * Runs `fn` just after the effects of the render under way. Preact runs effects after the next
 * frame (a requestAnimationFrame, then a timeout), so this queues behind them the same way.
 */
export function afterEffects(fn: () => void): void {
  window.requestAnimationFrame(() => window.setTimeout(fn, 0));
}
