import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Decks made in tests keep sign-ins, inputs and settings in a folder of their own,
// never in the person's real mcpdeck config folder.
process.env.MCPDECK_CONFIG_DIR = mkdtempSync(join(tmpdir(), 'mcpdeck-test-config-'));
process.env.MCPDECK_SECRETS = 'file';
