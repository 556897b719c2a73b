import { describe, expect, it } from '@jest/globals';
import { isBlockedShortcut } from './use-content-protection';

const key = (k: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean } = {}) => ({
  key: k,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
});

describe("the video page's blocked shortcuts (spec: F12, Ctrl/Cmd+S, +A, +U, Ctrl/Cmd+Shift+I/J/C)", () => {
  it('blocks every shortcut of the list, with Ctrl and with Cmd', () => {
    expect(isBlockedShortcut(key('F12'))).toBe(true);
    for (const mod of [{ ctrl: true }, { meta: true }]) {
      for (const k of ['s', 'S', 'a', 'u']) expect(isBlockedShortcut(key(k, mod))).toBe(true);
      for (const k of ['i', 'I', 'j', 'c']) expect(isBlockedShortcut(key(k, { ...mod, shift: true }))).toBe(true);
    }
  });

  it("leaves the player's own keys and ordinary typing alone", () => {
    for (const k of [' ', 'k', 'm', 'f', 'ArrowLeft', 'ArrowRight', 's', 'a']) expect(isBlockedShortcut(key(k))).toBe(false);
    expect(isBlockedShortcut(key('c', { ctrl: true }))).toBe(false);
    expect(isBlockedShortcut(key('r', { ctrl: true, shift: true }))).toBe(false);
  });
});
