import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditRecorder } from '../audit/recorder.js';
import type { Actor } from '../platform/auth/principal.js';
import { NotFoundError, ValidationError } from '../platform/errors.js';
import { read } from '../platform/db/read.js';
import type { HelpPriority } from './vocabulary.js';

export interface HelpSlaPolicy {
  priority: HelpPriority;
  firstResponseMinutes: number;
  resolutionMinutes: number;
  updatedAt: Date;
}

export interface HelpSlaPolicyChanges {
  firstResponseMinutes?: number | null;
  resolutionMinutes?: number | null;
}

/** A year: a target beyond it is a typing mistake rather than a promise. */
const MAX_MINUTES = 525_600;

interface Row {
  priority: HelpPriority;
  first_response_minutes: number;
  resolution_minutes: number;
  updated_at: string;
}

/**
 * Each priority's service-level targets. A request takes its due times from its priority's targets when it is
 * filed or moved to another priority (the help_service_levels migration's trigger does the same for rows written
 * without the service), so changing a policy leaves the requests already there as they were promised.
 */
export class HelpSlaPolicyService {
  constructor(
    private readonly now: () => Date,
    private readonly audit: AuditRecorder,
  ) {}

  async list(em: EntityManager): Promise<HelpSlaPolicy[]> {
    const rows = await read<Row>(em, 'select priority, first_response_minutes, resolution_minutes, updated_at from help_sla_policies order by priority', []);
    return rows.map((row) => this.#view(em, row));
  }

  async of(em: EntityManager, priority: HelpPriority): Promise<HelpSlaPolicy> {
    const [row] = await read<Row>(em, 'select priority, first_response_minutes, resolution_minutes, updated_at from help_sla_policies where priority = ?', [priority]);
    if (!row) throw new NotFoundError();
    return this.#view(em, row);
  }

  async update(em: EntityManager, actor: Actor, priority: HelpPriority, input: HelpSlaPolicyChanges): Promise<HelpSlaPolicy> {
    const firstResponse = minutes(input.firstResponseMinutes, 'first_response_minutes');
    const resolution = minutes(input.resolutionMinutes, 'resolution_minutes');
    if (firstResponse === undefined && resolution === undefined) {
      throw new ValidationError('Nothing to update: send firstResponseMinutes, resolutionMinutes or both');
    }
    return em.transactional(async (tem) => {
      const [current] = await read<Row>(tem, 'select priority, first_response_minutes, resolution_minutes, updated_at from help_sla_policies where priority = ? for update', [priority]);
      if (!current) throw new NotFoundError();
      const wanted = { first: firstResponse ?? current.first_response_minutes, resolution: resolution ?? current.resolution_minutes };
      if (wanted.first > wanted.resolution) {
        throw new ValidationError('first_response_minutes must not exceed resolution_minutes', 'first_response_minutes');
      }
      const [row] = await read<Row>(
        tem,
        `update help_sla_policies set first_response_minutes = ?, resolution_minutes = ?, updated_at = ? where priority = ?
         returning priority, first_response_minutes, resolution_minutes, updated_at`,
        [wanted.first, wanted.resolution, this.now(), priority],
      );
      const changes = [
        { field: 'firstResponseMinutes', oldValue: current.first_response_minutes, newValue: wanted.first },
        { field: 'resolutionMinutes', oldValue: current.resolution_minutes, newValue: wanted.resolution },
      ].filter((change) => change.oldValue !== change.newValue);
      if (changes.length) this.audit.record(tem, actor, { action: 'help_sla_policy.update', target: { type: 'help_sla_policy', id: priority, name: priority }, changes });
      return this.#view(tem, row!);
    });
  }

  #view(em: EntityManager, row: Row): HelpSlaPolicy {
    return {
      priority: row.priority,
      firstResponseMinutes: row.first_response_minutes,
      resolutionMinutes: row.resolution_minutes,
      updatedAt: em.getPlatform().parseDate(row.updated_at),
    };
  }
}

function minutes(value: number | null | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (value === null || !Number.isInteger(value) || value < 1 || value > MAX_MINUTES) {
    throw new ValidationError(`${field} must be a whole number of minutes from 1 to ${MAX_MINUTES}`, field);
  }
  return value;
}
