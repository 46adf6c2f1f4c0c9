import type { SlaBreachEvent } from '@guiche/contracts';

/** The payload of a breach timer (SlaService.timerOnBreach): the breach as the supervisors hear it, plus what a message to a phone names. */
export interface SlaBreach extends SlaBreachEvent {
  companyId: number;
  contactNumber: string | null;
  /** When the breach was recorded (the sweep's clock). */
  breachedAt: string;
}

export interface SlaService {
  /**
   * Has core set a timer of this timed-work kind (key `<ticketId>:<firstResponse|resolution>`,
   * due at once, payload SlaBreach) in the very transaction that records each SLA breach, for the
   * companies whose plan enables the plugin. The reaction is then as durable as the breach: fired
   * once across nodes and restarts by the plugin's handler (define the kind with timedWork.define).
   */
  timerOnBreach(kind: string): void;
}
