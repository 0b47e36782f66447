import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestSlot } from '../src/calculations/calculation-schedule.ts';
import type { CalculatedRules } from '../src/calculations/calculated-field.ts';
import { openCustomCodeSandbox, sandboxLimits } from '../src/calculations/sandbox.ts';
import {
  addCustomField,
  addList,
  addMember,
  addSubscriber,
  calculatedRules,
  connectAs,
} from './subscriber-fixtures.ts';
import { createOrganization, startTestHerald, type TestHerald } from './support/index.ts';

type Connection = Awaited<ReturnType<typeof connectAs>>;

/** Calculated rules, never due while the tests run (the value tests run their fields with runCalculatedField). */
const calculation = (overrides: Partial<CalculatedRules>) =>
  calculatedRules({ startAt: '2190-01-01T00:00:00Z', ...overrides });

/**
 * Calculated fields against the real database: subscribers ann, ben, cat and dan are on the VIP list (ids in
 * that order), eve is not; each run's values are listed by hand.
 */
describe('calculated fields', () => {
  let herald: TestHerald;
  let organizationId: number;
  let manager: Connection;
  let vip: number;
  const ids: Record<string, number> = {};
  let fieldCount = 0;

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    manager = await connectAs(herald, organizationId, ['Database.Manage']);
    await addCustomField(herald, organizationId, 'points', { dataType: 'number' });
    vip = await addList(herald, organizationId, 'VIP');
    const people: Array<[string, Record<string, unknown>]> = [
      ['ann', { points: 150 }],
      ['ben', { points: 50 }],
      ['cat', { points: 5 }],
      ['dan', { points: 120 }],
      ['eve', { points: 500 }],
    ];
    for (const [key, custom] of people) {
      ids[key] = await addSubscriber(herald, organizationId, { firstname: key, custom });
      if (key !== 'eve') await addMember(herald, organizationId, vip, ids[key]);
    }
    // Another organization's subscriber on a field of the same name is never touched.
    const other = await createOrganization(herald);
    await addCustomField(herald, other, 'points', { dataType: 'number' });
    ids.foreign = await addSubscriber(herald, other, { custom: { points: 1 } });
  });
  afterAll(async () => {
    manager.close();
    await herald.stop();
  });

  /** A calculated field written through writeRecords (so its checks run); answers its id and name. */
  async function calculatedField(rules: Partial<CalculatedRules>, dataType = 'text') {
    fieldCount += 1;
    const field = `calc_${fieldCount}`;
    const written = await manager.channel.call<{ records: Array<{ id: number }> }>('writeRecords', {
      organizationId,
      type: 'customField',
      data: [{ type: 'subscriber', field, schema: { dataType }, calculation: calculation(rules) }],
    });
    return { id: written.records[0]!.id, field };
  }

  async function setValues(field: string, values: Record<string, unknown>): Promise<void> {
    for (const [key, value] of Object.entries(values))
      await sql`UPDATE subscriber SET custom = jsonb_set(custom, ARRAY[${field}]::text[], ${JSON.stringify(value)}::jsonb)
        WHERE id = ${ids[key]}`.execute(herald.database.db);
  }

  async function run(customFieldId: number): Promise<Record<string, number>> {
    const { jobId } = await manager.channel.call<{ jobId: number }>('runCalculatedField', {
      organizationId,
      customFieldId,
    });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const job = await herald.database.db
        .selectFrom('job')
        .select(['status', 'result', 'error'])
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      if (job.status === 'succeeded') return job.result as Record<string, number>;
      if (job.status === 'failed') throw new Error(`calculation failed: ${JSON.stringify(job.error)}`);
      if (Date.now() > deadline) throw new Error(`calculation still ${job.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Each subscriber's value of `field` (absent when the subscriber has none). */
  async function valuesOf(field: string): Promise<Record<string, unknown>> {
    const rows = await sql<{ id: number; value: unknown }>`SELECT id, custom -> ${field} AS value
      FROM subscriber WHERE id = ANY(${Object.values(ids)}::integer[])`.execute(herald.database.db);
    const byId = new Map(rows.rows.map((row) => [Number(row.id), row.value]));
    return Object.fromEntries(
      Object.entries(ids)
        .filter(([, id]) => byId.get(id) !== null && byId.get(id) !== undefined)
        .map(([key, id]) => [key, byId.get(id)]),
    );
  }

  const nested = () =>
    calculatedField({
      target: `list ${vip}`,
      ruleType: 'nestedTarget',
      rules: [
        { value: 'gold', target: 'custom.points >= 100' },
        { value: 'silver', target: 'custom.points >= 10' },
        { value: 'bronze', target: 'custom.points >= 0' },
      ],
    });

  it('gives nested target values, the first matching rule winning, and leaves others alone (updateMatching)', async () => {
    const { id, field } = await nested();
    await setValues(field, { eve: 'old', cat: 'old' });
    expect(await run(id)).toEqual({ matched: 4, updated: 4, cleared: 0, errors: 0 });
    expect(await valuesOf(field)).toEqual({
      ann: 'gold',
      ben: 'silver',
      cat: 'bronze',
      dan: 'gold',
      eve: 'old',
    });
    // A second run changes nothing: only changed values are written.
    expect(await run(id)).toEqual({ matched: 4, updated: 0, cleared: 0, errors: 0 });
  });

  it('clears non-matching subscribers, those of the target that no rule matches included', async () => {
    const { id, field } = await calculatedField({
      target: `list ${vip}`,
      ruleType: 'nestedTarget',
      ruleAction: 'clearNonMatching',
      rules: [
        { value: 'gold', target: 'custom.points >= 100' },
        { value: 'silver', target: 'custom.points >= 10' },
      ],
    });
    await setValues(field, { eve: 'old', cat: 'old', foreign: 'theirs' });
    expect(await run(id)).toEqual({ matched: 3, updated: 3, cleared: 2, errors: 0 });
    expect(await valuesOf(field)).toEqual({ ann: 'gold', ben: 'silver', dan: 'gold', foreign: 'theirs' });
  });

  it('splits round robin by id order', async () => {
    const { id, field } = await calculatedField({
      target: `list ${vip}`,
      ruleType: 'roundRobinSplit',
      rules: [{ value: 'A' }, { value: 'B' }, { value: 'C' }],
    });
    expect(await run(id)).toEqual({ matched: 4, updated: 4, cleared: 0, errors: 0 });
    expect(await valuesOf(field)).toEqual({ ann: 'A', ben: 'B', cat: 'C', dan: 'A' });
  });

  it('splits by percentage in id order, storing values as the field types them', async () => {
    const { id, field } = await calculatedField(
      {
        target: `list ${vip}`,
        ruleType: 'percentageSplit',
        ruleAction: 'clearNonMatching',
        rules: [
          { value: '1', percentage: 50 },
          { value: '2', percentage: 25 },
          { value: '3', percentage: 25 },
        ],
      },
      'number',
    );
    await setValues(field, { eve: 9 });
    expect(await run(id)).toEqual({ matched: 4, updated: 4, cleared: 1, errors: 0 });
    expect(await valuesOf(field)).toEqual({ ann: 1, ben: 1, cat: 2, dan: 3 });
  });

  it('evaluates custom code per subscriber; a throw leaves the value and counts an error', async () => {
    const { id, field } = await calculatedField({
      target: `list ${vip}`,
      ruleType: 'customCode',
      ruleAction: 'clearNonMatching',
      code: 'if (subscriber.firstname === "cat") throw new Error("no"); return subscriber.points > 100 ? "gold" : "silver"',
    });
    await setValues(field, { cat: 'kept', eve: 'gone' });
    expect(await run(id)).toEqual({ matched: 4, updated: 3, cleared: 1, errors: 1 });
    expect(await valuesOf(field)).toEqual({ ann: 'gold', ben: 'silver', cat: 'kept', dan: 'gold' });
  });

  it('counts endless loops and objects as errors without stopping the run (updateMatching)', async () => {
    const { id, field } = await calculatedField({
      target: `list ${vip}`,
      ruleType: 'customCode',
      code: [
        'if (subscriber.firstname === "ann") for (;;) {}',
        'if (subscriber.firstname === "ben") return { points: 1 }',
        'if (subscriber.firstname === "cat") return undefined',
        'return subscriber.points * 2',
      ].join('\n'),
    });
    await setValues(field, { eve: 'untouched' });
    expect(await run(id)).toEqual({ matched: 4, updated: 1, cleared: 0, errors: 2 });
    expect(await valuesOf(field)).toEqual({ dan: '240', eve: 'untouched' });
  });

  describe('write checks', () => {
    async function refusal(rules: Partial<CalculatedRules>) {
      fieldCount += 1;
      const reply = await manager.channel.request('writeRecords', {
        organizationId,
        type: 'customField',
        data: [{ type: 'subscriber', field: `refused_${fieldCount}`, calculation: calculation(rules) }],
      });
      return reply.error;
    }

    it('needs the field’s target, and each nested rule’s', async () => {
      expect(await refusal({ target: ' ', rules: [{ value: 'a' }] })).toMatchObject({
        type: 'CustomFieldTargetMissingError',
        details: [{ path: 'data.0.calculation.target', message: 'Every rule needs a target expression.' }],
      });
      expect(
        await refusal({
          target: `list ${vip}`,
          ruleType: 'nestedTarget',
          rules: [{ value: 'a', target: 'country = "AU"' }, { value: 'b' }],
        }),
      ).toMatchObject({
        type: 'CustomFieldTargetMissingError',
        details: [{ path: 'data.0.calculation.rules.1.target' }],
      });
    });

    it('checks target expressions against the organization', async () => {
      const unknownList = await refusal({ target: 'list 2147483600', rules: [{ value: 'a' }] });
      expect(unknownList?.type).toBe('ValidationError');
      expect(unknownList?.details?.[0]?.path).toBe('data.0.calculation.target');
      const badRule = await refusal({
        target: `list ${vip}`,
        ruleType: 'nestedTarget',
        rules: [{ value: 'a', target: 'custom.nosuch = 1' }],
      });
      expect(badRule?.details?.[0]?.path).toBe('data.0.calculation.rules.0.target');
      const parse = await refusal({ target: 'list (', rules: [{ value: 'a' }] });
      expect(parse?.details?.[0]).toMatchObject({ path: 'data.0.calculation.target', position: 5 });
    });

    it('needs unique values for every rule type but custom code', async () => {
      for (const ruleType of ['nestedTarget', 'roundRobinSplit', 'percentageSplit'] as const)
        expect(
          await refusal({
            target: `list ${vip}`,
            ruleType,
            rules: [
              { value: 'x', target: 'country = "AU"', percentage: 50 },
              { value: 'x', target: 'country = "NZ"', percentage: 50 },
            ],
          }),
        ).toMatchObject({
          type: 'CustomFieldValuesNotUniqueError',
          details: [{ path: 'data.0.calculation.rules.1.value', message: 'Every value must be unique.' }],
        });
      expect((await refusal({ target: `list ${vip}`, rules: [] }))?.details?.[0]?.path).toBe(
        'data.0.calculation.rules',
      );
    });

    it('needs percentages adding up to 100', async () => {
      expect(
        await refusal({
          target: `list ${vip}`,
          ruleType: 'percentageSplit',
          rules: [
            { value: 'a', percentage: 60 },
            { value: 'b', percentage: 30 },
          ],
        }),
      ).toMatchObject({
        type: 'PercentageSplitTotalError',
        details: [
          { path: 'data.0.calculation.rules', message: 'Percentage split values must add up to 100%.' },
        ],
      });
      expect(
        (
          await refusal({
            target: `list ${vip}`,
            ruleType: 'percentageSplit',
            rules: [{ value: 'a', percentage: 100 }, { value: 'b' }],
          })
        )?.details?.[0]?.path,
      ).toBe('data.0.calculation.rules.1.percentage');
    });

    it('needs custom code that compiles, within 50 kB, that cannot escape its function', async () => {
      const code = (source: string) =>
        refusal({ target: `list ${vip}`, ruleType: 'customCode', code: source });
      const syntax = await code('return (');
      expect(syntax?.type).toBe('ValidationError');
      expect(syntax?.details?.[0]?.path).toBe('data.0.calculation.code');
      expect(syntax?.details?.[0]?.message).toMatch(/^The code does not compile: SyntaxError/);
      expect((await code('   '))?.details?.[0]?.path).toBe('data.0.calculation.code');
      // 30,000 characters, 60,000 bytes.
      expect((await code(`return 1 // ${'é'.repeat(30_000)}`))?.details?.[0]?.message).toBe(
        'Custom code can be at most 50 kB',
      );
      expect((await code('}); globalThis.x = 1; (function () {'))?.details?.[0]?.message).toMatch(
        /closes its function early/,
      );
    });

    it('needs a start that reads as a date and time, and rule values the field accepts', async () => {
      expect(
        (await refusal({ target: `list ${vip}`, startAt: 'tomorrow', rules: [{ value: 'a' }] }))?.details?.[0]
          ?.path,
      ).toBe('data.0.calculation.startAt');
      fieldCount += 1;
      const numeric = await manager.channel.request('writeRecords', {
        organizationId,
        type: 'customField',
        data: [
          {
            type: 'subscriber',
            field: `refused_${fieldCount}`,
            schema: { dataType: 'number' },
            calculation: calculation({ target: `list ${vip}`, rules: [{ value: 'many' }] }),
          },
        ],
      });
      expect(numeric.error?.details?.[0]?.path).toBe('data.0.calculation.rules.0.value');
    });
  });

  describe('runCalculatedField', () => {
    it('refuses a static field and an unknown one', async () => {
      const staticField = await addCustomField(herald, organizationId, 'plain');
      const refused = await manager.channel.request('runCalculatedField', {
        organizationId,
        customFieldId: staticField,
      });
      expect(refused.error).toMatchObject({
        type: 'ValidationError',
        details: [{ path: 'customFieldId', message: 'This field is not calculated' }],
      });
      const unknown = await manager.channel.request('runCalculatedField', {
        organizationId,
        customFieldId: 999_999_999,
      });
      expect(unknown.error?.type).toBe('NotFoundError');
    });
  });

  describe('schedule', () => {
    const created = new Date('2025-01-10T08:00:00Z');
    const at = (iso: string) => new Date(iso);
    const slot = (rules: Partial<CalculatedRules>, now: string) =>
      latestSlot(calculation(rules), created, at(now))?.toISOString();

    it('finds the latest slot of each frequency', () => {
      const startAt = '2025-01-31T09:00:00Z';
      expect(slot({ frequency: 'hourly', startAt }, '2025-01-31T08:59:59Z')).toBeUndefined();
      expect(slot({ frequency: 'hourly', startAt }, '2025-01-31T09:00:00Z')).toBe('2025-01-31T09:00:00.000Z');
      expect(slot({ frequency: 'hourly', startAt, interval: 4 }, '2025-01-31T16:30:00Z')).toBe(
        '2025-01-31T13:00:00.000Z',
      );
      expect(slot({ frequency: 'daily', startAt }, '2025-02-03T08:00:00Z')).toBe('2025-02-02T09:00:00.000Z');
      expect(slot({ frequency: 'weekly', startAt, interval: 2 }, '2025-03-01T00:00:00Z')).toBe(
        '2025-02-28T09:00:00.000Z',
      );
      // Months are calendar months, on the last day of a shorter one.
      expect(slot({ frequency: 'monthly', startAt }, '2025-03-01T00:00:00Z')).toBe(
        '2025-02-28T09:00:00.000Z',
      );
      expect(slot({ frequency: 'monthly', startAt }, '2025-03-31T09:00:00Z')).toBe(
        '2025-03-31T09:00:00.000Z',
      );
      expect(slot({ frequency: 'monthly', startAt, interval: 3 }, '2025-06-30T00:00:00Z')).toBe(
        '2025-04-30T09:00:00.000Z',
      );
      expect(slot({ frequency: 'once', startAt }, '2030-01-01T00:00:00Z')).toBe('2025-01-31T09:00:00.000Z');
      // Without a start the schedule starts when the field was created.
      expect(slot({ frequency: 'daily', startAt: null }, '2025-01-12T07:00:00Z')).toBe(
        '2025-01-11T08:00:00.000Z',
      );
    });
  });
});

describe('custom code sandbox', () => {
  async function evaluate(code: string, subscriber: Record<string, unknown> = {}) {
    const sandbox = await openCustomCodeSandbox(code);
    try {
      return sandbox.evaluate(subscriber);
    } finally {
      sandbox.dispose();
    }
  }

  it('answers the value the code returns, with a frozen subscriber', async () => {
    expect(await evaluate('return subscriber.points > 100 ? "gold" : "silver"', { points: 120 })).toEqual({
      kind: 'value',
      value: 'gold',
    });
    expect(
      await evaluate('"use strict"; try { subscriber.points = 1 } catch { return "frozen" } return "open"', {
        points: 2,
      }),
    ).toEqual({ kind: 'value', value: 'frozen' });
    expect(await evaluate('return null')).toEqual({ kind: 'none' });
    expect((await evaluate('return [1]')).kind).toBe('error');
    expect((await evaluate('return 1 / 0')).kind).toBe('error');
  });

  it('stops an endless loop', async () => {
    const started = Date.now();
    expect(await evaluate('for (;;) {}')).toEqual({ kind: 'error', message: 'InternalError: interrupted' });
    // Interrupted by the sandbox's limit, not by the test's timeout: wide enough for a loaded machine.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('stops allocating 100 MB, at once or a megabyte at a time, and keeps working after', async () => {
    const sandbox = await openCustomCodeSandbox(
      [
        'if (subscriber.way === "once") return new ArrayBuffer(100 * 1024 * 1024).byteLength',
        'if (subscriber.way === "string") return "x".repeat(100 * 1024 * 1024).length',
        'if (subscriber.way === "pieces") { const kept = []; for (let i = 0; i < 100; i++) kept.push(new Uint8Array(1024 * 1024)); return kept.length }',
        'if (subscriber.way === "objects") { const kept = []; for (let i = 0; i < 2e6; i++) kept.push({ i }); return kept.length }',
        'return "fine"',
      ].join('\n'),
    );
    try {
      for (const way of ['once', 'string', 'pieces'])
        expect(sandbox.evaluate({ way })).toEqual({ kind: 'error', message: 'InternalError: out of memory' });
      // Two million small objects: whichever comes first, the memory cap or the 50 ms.
      expect(sandbox.evaluate({ way: 'objects' })).toMatchObject({
        kind: 'error',
        message: expect.stringMatching(/^InternalError: (out of memory|interrupted)$/),
      });
      expect(sandbox.evaluate({ way: 'none' })).toEqual({ kind: 'value', value: 'fine' });
    } finally {
      sandbox.dispose();
    }
  });

  it('stops deep recursion', async () => {
    expect(await evaluate('const down = (n) => down(n + 1) + 1; return down(0)')).toEqual({
      kind: 'error',
      message: 'InternalError: stack overflow',
    });
  });

  it('offers no require, process, fetch, std, os or module loading', async () => {
    expect(
      await evaluate(
        'return [typeof require, typeof process, typeof fetch, typeof std, typeof os, typeof globalThis.print].join()',
      ),
    ).toEqual({ kind: 'value', value: 'undefined,undefined,undefined,undefined,undefined,undefined' });
    // import() answers a promise, which is not a value; and it is refused inside.
    expect((await evaluate('return import("os")')).kind).toBe('error');
    expect(
      await evaluate(
        'let failed = "no"; import("node:fs").catch(() => {}); try { require("fs") } catch { failed = "yes" } return failed',
      ),
    ).toEqual({ kind: 'value', value: 'yes' });
  });

  it('stops the remaining subscribers once the run’s total time is spent', async () => {
    const total = sandboxLimits.totalMs;
    sandboxLimits.totalMs = 120;
    try {
      const sandbox = await openCustomCodeSandbox('for (;;) {}');
      try {
        const outcomes = [1, 2, 3, 4].map(() => sandbox.evaluate({}));
        expect(sandbox.expired).toBe(true);
        expect(outcomes.at(-1)).toEqual({ kind: 'error', message: 'The run took too long' });
      } finally {
        sandbox.dispose();
      }
    } finally {
      sandboxLimits.totalMs = total;
    }
  });
});
