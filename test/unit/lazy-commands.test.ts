import { describe, expect, it } from 'vitest';
import { buildProgram, commandsFor, unknownCommand } from '../../src/cli/program.js';

const inv = { env: {}, cwd: process.cwd() };
const words = (program: Awaited<ReturnType<typeof buildProgram>>['program']) => program.commands.flatMap((c) => [c.name(), ...c.aliases()]);

describe('each command loads only its own module', () => {
  it('knows the module of every command word, so none falls back to loading all', async () => {
    const { program } = await buildProgram(inv, ['--help']);
    const all = words(program);
    expect(all).toEqual(expect.arrayContaining(['ui', 'status', 'list', 'call', 'add', 'rm', 'enable', 'disable', 'auth', 'export']));
    for (const word of all) {
      const wanted = commandsFor([word]);
      expect(wanted, word).not.toBe('all');
      const { program: one } = await buildProgram(inv, [word, '--json']);
      expect(words(one), word).toContain(word);
    }
  });

  it('registers no command for --version, one for a command, the deck for options alone, all for help', async () => {
    expect(commandsFor(['--version'])).toEqual([]);
    expect(commandsFor(['-V'])).toEqual([]);
    expect(commandsFor(['call', 'demo', 'echo'])).toEqual(['call']);
    expect(commandsFor([])).toEqual(['ui']);
    expect(commandsFor(['--demo', '--config', 'x.json'])).toEqual(['ui']);
    expect(commandsFor(['--help'])).toBe('all');
    expect(commandsFor(['help', 'call'])).toBe('all');
    expect(commandsFor(['stauts'])).toBe('all');
    const { program } = await buildProgram(inv, ['status', '--json']);
    expect(words(program)).toEqual(['status', 'list']);
  });

  it('says a first word that names no command is unknown, instead of handing it to the deck', async () => {
    expect(unknownCommand(['frobnicate'])?.message).toBe('unknown command "frobnicate"; mcpdeck --help lists the commands');
    const { program } = await buildProgram({ env: process.env, cwd: process.cwd() }, ['--help']);
    for (const command of program.commands) for (const name of [command.name(), ...command.aliases()]) expect(unknownCommand([name]), name).toBeUndefined();
    for (const head of [[], ['--demo'], ['help'], ['list']]) expect(unknownCommand(head)).toBeUndefined();
  });
});
