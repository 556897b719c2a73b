/**
 * Replays the taps and submits index.html's inline script held while the page was server-rendered
 * HTML without its JavaScript: a button pressed in those seconds (the menu, a payment method, the
 * contact form's 'Envoyer') does what it says once the app has hydrated, instead of nothing, and a
 * form the app handles is not submitted to the server as a plain GET that would lose it.
 */
import { afterEffects } from './after-effects';

declare global {
  interface Window {
    lbfTakeEarlyEvents?: () => Element[];
  }
}

export function replayEarlyEvents(): void {
  if (typeof window.lbfTakeEarlyEvents !== 'function') return;
  // After the hydrating render's effects (a mount effect that closes the menu must not undo the
  // replayed tap that opens it); a tap in between is still held.
  afterEffects(replay);
}

function replay(): void {
  const held = window.lbfTakeEarlyEvents?.() ?? [];
  for (const element of held) {
    // An element the hydration replaced is gone with its tap.
    if (!element.isConnected) continue;
    if (element instanceof HTMLFormElement) element.requestSubmit();
    else if (element instanceof HTMLElement) element.click();
  }
}
