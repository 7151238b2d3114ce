import { type RulesetDefinition, Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../http/openapi-document';
import { operationsOf } from './api-conventions';

/**
 * The OpenAPI document as a second, independent reader sees it: Stoplight Spectral with its
 * `spectral:oas` ruleset (the recommended rules), beside Redocly's lint in openapi-lint.test.ts. Its
 * example rules (oas3-valid-media-example, oas3-valid-schema-example) check every example against its
 * schema with ajv *without* Unicode regular expressions — the way validators and generated clients
 * outside JavaScript read a pattern — so an example that only passes a `u`-flag pattern fails here.
 * One rule that is not among the recommended ones is on as well: a tag without a description is an
 * empty heading in /api/docs.
 */
const doc = buildOpenApiDocument('https://app.inkooporders.nl');
const SEVERITIES = ['error', 'warning', 'info', 'hint'];

describe('the OpenAPI document under Spectral', () => {
  // Its rules take a few seconds of CPU (ajv compiles every schema that has an example), more on a shared machine.
  it('has no error, warning or hint under spectral:oas', async () => {
    const spectral = new Spectral();
    // The ruleset's declared type lacks the `extends` that RulesetDefinition requires; its value is one.
    const ruleset = oas as RulesetDefinition;
    spectral.setRuleset({ extends: [[ruleset, 'recommended']], rules: { 'tag-description': 'warn' } });
    const results = await spectral.run(JSON.stringify(doc));
    const found = results.map((r) => `${SEVERITIES[r.severity]} ${r.code} ${r.path.join('.')}: ${r.message}`);
    expect(found).toEqual([]);
  }, 60_000);

  it('defines each tag its operations and webhooks use, and no other', () => {
    const used = new Set<string>();
    for (const [, , operation] of operationsOf(doc))
      for (const tag of (operation as { tags?: string[] }).tags ?? []) used.add(tag);
    const webhooks = (doc as { webhooks?: Record<string, { post: { tags?: string[] } }> }).webhooks ?? {};
    for (const hook of Object.values(webhooks)) for (const tag of hook.post.tags ?? []) used.add(tag);
    expect((doc.tags ?? []).map((t) => t.name).sort()).toEqual([...used].sort());
  });
});
