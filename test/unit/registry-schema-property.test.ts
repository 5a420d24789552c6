import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { createGeneratorSync } from 'json-schema-faker';
import { choicesOf, PlanError, planLaunch, questionsFor } from '../../src/core/mcp-registry/launch.js';
import { parseEntry } from '../../src/core/mcp-registry/server-json.js';
import { registryFixture } from '../helpers/registry-entries.js';

/**
 * mcpdeck's reading of server.json against the schema the registry publishes: every entry
 * the schema accepts (generated from it, seeded) is read with its name, version, packages
 * and remotes, and planning any of its ways to run either gives an entry or refuses with a
 * reason; it never fails otherwise.
 */
describe('server.json as the registry\'s schema allows it', () => {
  const { $schema: _draft, ...schema } = JSON.parse(registryFixture('server.schema.json')) as Record<string, unknown>;
  const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile(schema);

  it('reads every generated valid entry, and plans each of its choices or says why not', () => {
    let valid = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const generator = createGeneratorSync({ seed, maxLength: 40, maxItems: 4, optionalsProbability: seed % 2 ? 0.9 : 0.3 });
      let raw: unknown;
      try {
        raw = generator.generate(schema);
      } catch {
        continue;
      }
      if (!validate(raw)) continue;
      valid++;
      const doc = raw as { name: string; version: string; packages?: unknown[]; remotes?: unknown[] };
      const entry = parseEntry({ server: raw });
      expect(entry, `seed ${seed}`).toBeDefined();
      const { server } = entry!;
      expect(server.name).toBe(doc.name);
      expect(server.version).toBe(doc.version);
      expect(server.packages).toHaveLength(doc.packages?.length ?? 0);
      expect(server.remotes).toHaveLength(doc.remotes?.length ?? 0);
      for (const choice of choicesOf(server)) {
        const answers = Object.fromEntries(questionsFor(server, choice).map((q) => [q.key, 'x']));
        for (const style of ['value', 'input', 'env'] as const) {
          try {
            const plan = planLaunch(server, choice, answers, style);
            expect(plan.entry.command ?? plan.entry.url, `seed ${seed}`).toEqual(expect.any(String));
          } catch (error) {
            expect(error, `seed ${seed}: ${(error as Error).message}`).toBeInstanceOf(PlanError);
          }
        }
      }
    }
    // The generator must have given real cases, or this proves nothing.
    expect(valid).toBeGreaterThan(50);
  });

  it('reads the registry\'s own seed entries and example, and plans their npm, PyPI, OCI and NuGet packages and the remote', () => {
    const entries = [...(JSON.parse(registryFixture('seed.json')) as unknown[]), JSON.parse(registryFixture('remote-with-headers.json'))];
    const planned: string[] = [];
    for (const raw of entries) {
      expect(validate(raw)).toBe(true);
      const { server } = parseEntry({ server: raw })!;
      for (const choice of choicesOf(server)) {
        try {
          planned.push(String(planLaunch(server, choice, {}, 'env').entry.command ?? 'remote'));
        } catch (error) {
          expect(error).toBeInstanceOf(PlanError);
        }
      }
    }
    expect(new Set(planned)).toEqual(new Set(['npx', 'docker', 'dnx', 'uvx', 'remote']));
  });
});
