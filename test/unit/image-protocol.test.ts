import { describe, expect, it } from 'vitest';
import { detectImageProtocol } from '../../src/ui/system/image-protocol.js';

describe('whether the terminal draws images', () => {
  it('knows terminals by their environment, never by asking them', () => {
    expect(detectImageProtocol({ TERM: 'xterm-kitty' }, true)).toBe('kitty');
    expect(detectImageProtocol({ TERM: 'xterm-256color', KITTY_WINDOW_ID: '3' }, true)).toBe('kitty');
    expect(detectImageProtocol({ TERM: 'xterm-ghostty' }, true)).toBe('kitty');
    expect(detectImageProtocol({ TERM: 'xterm-256color', TERM_PROGRAM: 'iTerm.app' }, true)).toBe('iterm2');
    expect(detectImageProtocol({ TERM: 'xterm-256color', LC_TERMINAL: 'iTerm2' }, true)).toBe('iterm2');
    expect(detectImageProtocol({ TERM: 'xterm-256color', TERM_PROGRAM: 'WezTerm' }, true)).toBe('iterm2');
    expect(detectImageProtocol({ TERM: 'xterm-256color', KONSOLE_VERSION: '230805' }, true)).toBe('kitty');
    expect(detectImageProtocol({ TERM: 'xterm-256color', KONSOLE_VERSION: '211200' }, true)).toBeUndefined();
    expect(detectImageProtocol({ TERM: 'foot' }, true)).toBe('sixel');
  });

  it('counts tmux, screen, a pipe and an unknown terminal as unable', () => {
    expect(detectImageProtocol({ TERM: 'xterm-256color' }, true)).toBeUndefined();
    expect(detectImageProtocol({ TERM: 'xterm-256color', TERM_PROGRAM: 'vscode' }, true)).toBeUndefined();
    // Inside tmux the outer terminal's variables are still set: tmux itself decides.
    expect(detectImageProtocol({ TERM: 'tmux-256color', TMUX: '/tmp/tmux-0/default,1,0', KITTY_WINDOW_ID: '1' }, true)).toBeUndefined();
    expect(detectImageProtocol({ TERM: 'screen-256color', TERM_PROGRAM: 'iTerm.app' }, true)).toBeUndefined();
    expect(detectImageProtocol({ TERM: 'xterm-kitty', STY: '1.pts-0' }, true)).toBeUndefined();
    expect(detectImageProtocol({ TERM: 'xterm-kitty' }, false)).toBeUndefined();
  });

  it('MCPDECK_IMAGES names the protocol (a tmux known to pass graphics on) or turns images off', () => {
    expect(detectImageProtocol({ TERM: 'tmux-256color', TMUX: '/tmp/t', MCPDECK_IMAGES: 'sixel' }, true)).toBe('sixel');
    expect(detectImageProtocol({ TERM: 'xterm-256color', MCPDECK_IMAGES: 'Kitty' }, true)).toBe('kitty');
    expect(detectImageProtocol({ TERM: 'xterm-kitty', MCPDECK_IMAGES: 'off' }, true)).toBeUndefined();
    expect(detectImageProtocol({ TERM: 'xterm-kitty', MCPDECK_IMAGES: 'ascii' }, true)).toBe('kitty');
  });
});
