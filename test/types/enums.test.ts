// The enum fields of memkit's record types are unions of their literals, not `string | number`:
// a wrong status, kind or severity is a compile error. `tsc --noEmit -p .` checks this file (the
// `@ts-expect-error` lines fail the type-check if the assignment they mark ever compiles); the
// runtime assertions below check the literals against the schemas' `enum` lists.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { SchemaValue } from '../../src/schema/typed-schema.js';
import type * as wbs from '../../src/schema/wbs.js';
import type { DecisionV1 } from '../../src/schema/export-v1.js';
import type { DecisionV2, FileV2, FILE_KINDS } from '../../src/schema/export-v2.js';
import type { MemkitConfig } from '../../src/schema/memkit-config.js';
import type { FeedbackLogEntry, PROGRESS_STATUSES, ProgressRow, RiskRegisterEntry, WorkflowState } from '../../src/schema/memory-bank.js';
import type { THREAD_STATUSES, Thread, ThreadOperation } from '../../src/schema/thread-store.js';
import { type EVENT_KINDS, type EventV1, MEMORY_KINDS, type MemoryDocFrontmatter, MemoryKind } from '../../src/schema/thunderus.js';
import { type TaskEntity, type TaskIndex, WBS_STATUSES, WBS_TYPES } from '../../src/schema/wbs.js';
import * as wbsDefs from '../../src/schema/typebox/wbs.js';
import * as thunderusDefs from '../../src/schema/typebox/thunderus.js';

type TaskStatus = TaskIndex['tasks'][number]['status'];

describe('enum fields are literal unions', () => {
  it('types a WBS task status and type as their literals', () => {
    expectTypeOf<TaskStatus>().toEqualTypeOf<(typeof WBS_STATUSES)[number]>();
    expectTypeOf<TaskEntity['type']>().toEqualTypeOf<'epic' | 'feature' | 'task'>();
    const right: TaskStatus = 'in-progress';
    // @ts-expect-error a number is no task status
    const number: TaskStatus = 42;
    // @ts-expect-error a misspelt status is no task status
    const wrong: TaskStatus = 'in_progress';
    expect([right, number, wrong]).toEqual(['in-progress', 42, 'in_progress']);
    const status = wbsDefs.TaskIndex.properties.tasks.items.properties.status.enum;
    expect(status).toEqual([...WBS_STATUSES]);
    expect(WBS_TYPES).toEqual(['epic', 'feature', 'task']);
  });

  it('types a memory doc kind and an event kind as their literals', () => {
    expectTypeOf<MemoryDocFrontmatter['kind']>().toEqualTypeOf<(typeof MEMORY_KINDS)[number]>();
    expectTypeOf<EventV1['kind']>().toEqualTypeOf<(typeof EVENT_KINDS)[number]>();
    // @ts-expect-error not a memory doc kind
    const wrong: MemoryDocFrontmatter['kind'] = 'not-a-kind';
    const right: MemoryDocFrontmatter['kind'] = 'adr';
    expect([wrong, right]).toEqual(['not-a-kind', 'adr']);
    expectTypeOf<SchemaValue<typeof wbs.TaskIndex>>().toEqualTypeOf<TaskIndex>();
    expectTypeOf<SchemaValue<typeof MemoryKind>>().toEqualTypeOf<MemoryDocFrontmatter['kind']>();
    expect(thunderusDefs.MemoryKind.enum).toEqual([...MEMORY_KINDS]);
    expect(MemoryKind).toBe(thunderusDefs.MemoryKind);
  });

  it('types the severities and statuses of the Memory Bank ledgers as their literals', () => {
    expectTypeOf<RiskRegisterEntry['severity']>().toEqualTypeOf<'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW'>();
    expectTypeOf<RiskRegisterEntry['status']>().toEqualTypeOf<'OPEN' | 'MITIGATED' | 'ACCEPTED' | 'CLOSED'>();
    expectTypeOf<FeedbackLogEntry['severity']>().toEqualTypeOf<'low' | 'medium' | 'high' | 'critical'>();
    expectTypeOf<FeedbackLogEntry['category']>().toEqualTypeOf<'defect' | 'suggestion' | 'concern' | 'praise'>();
    expectTypeOf<ProgressRow['status']>().toEqualTypeOf<(typeof PROGRESS_STATUSES)[number]>();
    expectTypeOf<ProgressRow['milestone_severity']>().toEqualTypeOf<'LOW' | 'MEDIUM' | 'HIGH'>();
    expectTypeOf<WorkflowState['overall_status']>().toEqualTypeOf<'idle' | 'active' | 'completed' | 'failed'>();
    // @ts-expect-error the feedback log's severities are lowercase
    const upper: FeedbackLogEntry['severity'] = 'HIGH';
    // @ts-expect-error the risk register's severities are uppercase
    const lower: RiskRegisterEntry['severity'] = 'high';
    expect([upper, lower]).toEqual(['HIGH', 'high']);
  });

  it('types thread, export and config enums as their literals', () => {
    expectTypeOf<Thread['status']>().toEqualTypeOf<(typeof THREAD_STATUSES)[number]>();
    expectTypeOf<ThreadOperation['operator']>().toEqualTypeOf<'user' | 'system' | 'agent'>();
    expectTypeOf<DecisionV1['status']>().toEqualTypeOf<'proposed' | 'accepted' | 'superseded' | 'rejected'>();
    expectTypeOf<DecisionV2['status']>().toEqualTypeOf<'proposed' | 'accepted' | 'superseded' | 'rejected'>();
    expectTypeOf<FileV2['kind']>().toEqualTypeOf<(typeof FILE_KINDS)[number]>();
    expectTypeOf<FileV2['encoding']>().toEqualTypeOf<'utf8' | 'base64'>();
    expectTypeOf<NonNullable<MemkitConfig['profile']>>().toEqualTypeOf<'spec' | 'strict'>();
    expectTypeOf<NonNullable<MemkitConfig['rules']>[string]>().toEqualTypeOf<'off' | 'warn' | 'error'>();
    // @ts-expect-error not a thread status
    const thread: Thread['status'] = 'deleted';
    // @ts-expect-error a v1 decision is not "draft"
    const decision: DecisionV1['status'] = 'draft';
    expect([thread, decision]).toEqual(['deleted', 'draft']);
  });
});
