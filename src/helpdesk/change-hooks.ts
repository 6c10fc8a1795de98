import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../platform/auth/principal.js';
import type { HelpRequest } from './help-request.entity.js';

export type HelpRequestChangeKind = 'created' | 'updated' | 'responded' | 'replied' | 'sla_breached';

/** One field's change, by its legacy (REST) name: status, priority, category, assigned_to_id, admin_notes, title, ... */
export interface HelpRequestFieldChange {
  field: string;
  oldValue: string | null;
  newValue: string | null;
  internal: boolean;
}

/** A change as it is being made: inside its transaction, before commit. */
export interface HelpRequestChangeInProgress {
  /** The change's transaction: whatever a hook writes commits or rolls back with the change. */
  em: EntityManager;
  kind: HelpRequestChangeKind;
  /** The request as changed (locked for the transaction). */
  request: HelpRequest;
  changes: readonly HelpRequestFieldChange[];
  /** Who made it; null for the system (the service-level monitor) or a rule. */
  actor: Actor | null;
  /** The message (an agent's response, a requester's reply) the change added, if any. */
  message?: { id: number; public: boolean; authorRole: 'REQUESTER' | 'AGENT' | 'CONTACT' | 'SYSTEM' };
  at: Date;
  /** The rule (trigger id) that made this change, when a rule made it: triggers do not run again on it. */
  byRule?: string;
}

export type HelpRequestChangeHook = (change: HelpRequestChangeInProgress) => Promise<void>;

/**
 * What other modules (mail, automation) run inside each help-request change's transaction, after the change is
 * applied and before it commits: what they write is then part of the change, committed or rolled back with it.
 */
export class HelpRequestChangeHooks {
  readonly #hooks = new Map<string, HelpRequestChangeHook>();

  /** Adds a hook under a name of its own (a module's): a second hook under a taken name is a wiring mistake. */
  register(name: string, hook: HelpRequestChangeHook): void {
    if (this.#hooks.has(name)) throw new Error(`a help-request change hook named ${name} is already registered`);
    this.#hooks.set(name, hook);
  }

  /** Whether any hook is registered: with none, a change skips the flush that lets hooks read what it wrote. */
  get empty(): boolean {
    return this.#hooks.size === 0;
  }

  /** Runs every hook in registration order; a hook that throws fails the change (hooks that must not, catch). */
  async run(change: HelpRequestChangeInProgress): Promise<void> {
    if (this.#hooks.size === 0) return;
    // A hook reads the change through SQL as well as through the entity: what the change wrote is sent first.
    await change.em.flush();
    for (const hook of this.#hooks.values()) await hook(change);
  }
}
