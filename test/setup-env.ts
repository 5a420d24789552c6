import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Decks made in tests keep sign-ins, inputs and settings in a folder of their own,
// never in the person's real mcpdeck config folder.
process.env.MCPDECK_CONFIG_DIR = mkdtempSync(join(tmpdir(), 'mcpdeck-test-config-'));
// Secrets go where they would for a person on this machine (no MCPDECK_SECRETS): the
// OS keychain through a Secret Service when one answers, else the 0600 file here.
