/** What a section module returns; the orchestrator adds its id, title and wall time. */
import type { Table } from './report';
import type { TargetCheck } from './targets';

export type SectionBody = {
  tables: Table[];
  targets: TargetCheck[];
  notes: string[];
  data: unknown;
};
