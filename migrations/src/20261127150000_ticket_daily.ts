import type { Knex } from 'knex';

/**
 * Per-day totals of ticket_metrics for the dashboard's long ranges (issue 28): a 90-day dashboard
 * of a 100k-ticket company read tens of thousands of metric rows; it now reads a few hundred of
 * these. Kept exact by a trigger on ticket_metrics in the very transaction that changes a metric
 * row: the old row's contribution is taken out and the new one's put in, so a ticket that moves
 * (accepted, transferred, closed, reopened, rated, deleted) moves its counts with it.
 *
 * One row per (company, kind, São Paulo day, queue, user, by_user), kind being the instant
 * the day is taken from — the same instants the raw queries range over:
 * - 1 created (created_at): tickets, pending, happening (open/group with an agent), leads;
 * - 2 closed (closed_at): tickets, finished (an agent held it), without_agent, support_sum;
 * - 3 accepted (first_accepted_at, by first_user_id): wait_n, wait_sum (tickets with a wait);
 * - 4 rated (rated_at with a rate, by rated_user_id): tickets, rate_sum, good (5), neutral (4), bad (1–3).
 * queue_id and user_id are the ticket's current ones, so a plain user's scope (their tickets, or
 * unassigned ones of their queues) filters these rows exactly as it filters ticket_metrics.
 * New tickets of one company share a counter row (today, no queue, no agent): its lock is held only
 * from the ticket's insert to its transaction's commit, and a new ticket is once per conversation,
 * not per message; spreading it over slots multiplied the rows every long range reads.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ticket_daily', (t) => {
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.smallint('kind').notNullable();
    t.date('day').notNullable();
    t.integer('queue_id');
    t.integer('user_id');
    t.integer('by_user_id');
    t.integer('tickets').notNullable().defaultTo(0);
    t.integer('pending').notNullable().defaultTo(0);
    t.integer('happening').notNullable().defaultTo(0);
    t.integer('leads').notNullable().defaultTo(0);
    t.integer('finished').notNullable().defaultTo(0);
    t.integer('without_agent').notNullable().defaultTo(0);
    t.double('support_sum').notNullable().defaultTo(0);
    t.integer('wait_n').notNullable().defaultTo(0);
    t.double('wait_sum').notNullable().defaultTo(0);
    t.integer('rate_sum').notNullable().defaultTo(0);
    t.integer('good').notNullable().defaultTo(0);
    t.integer('neutral').notNullable().defaultTo(0);
    t.integer('bad').notNullable().defaultTo(0);
  });
  await knex.raw(`CREATE UNIQUE INDEX ticket_daily_key ON ticket_daily (company_id, kind, day, queue_id, user_id, by_user_id) NULLS NOT DISTINCT`);

  await knex.raw(`
    CREATE FUNCTION ticket_daily_add(m ticket_metrics, sign int) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      z constant text := 'America/Sao_Paulo';
    BEGIN
      INSERT INTO ticket_daily AS d (company_id, kind, day, queue_id, user_id, by_user_id, tickets, pending, happening, leads)
      VALUES (m.company_id, 1, (m.created_at AT TIME ZONE z)::date, m.queue_id, m.user_id, NULL, sign,
        sign * (m.status = 'pending')::int,
        sign * (m.status IN ('open', 'group') AND m.user_id IS NOT NULL)::int,
        sign * m.is_lead::int)
      ON CONFLICT (company_id, kind, day, queue_id, user_id, by_user_id) DO UPDATE SET
        tickets = d.tickets + EXCLUDED.tickets, pending = d.pending + EXCLUDED.pending,
        happening = d.happening + EXCLUDED.happening, leads = d.leads + EXCLUDED.leads;
      IF m.closed_at IS NOT NULL THEN
        INSERT INTO ticket_daily AS d (company_id, kind, day, queue_id, user_id, by_user_id, tickets, finished, without_agent, support_sum)
        VALUES (m.company_id, 2, (m.closed_at AT TIME ZONE z)::date, m.queue_id, m.user_id, NULL, sign,
          sign * (m.first_accepted_at IS NOT NULL)::int,
          sign * (m.first_accepted_at IS NULL)::int,
          CASE WHEN m.first_accepted_at IS NOT NULL THEN sign * m.support_seconds ELSE 0 END)
        ON CONFLICT (company_id, kind, day, queue_id, user_id, by_user_id) DO UPDATE SET
          tickets = d.tickets + EXCLUDED.tickets, finished = d.finished + EXCLUDED.finished,
          without_agent = d.without_agent + EXCLUDED.without_agent, support_sum = d.support_sum + EXCLUDED.support_sum;
      END IF;
      IF m.first_accepted_at IS NOT NULL AND m.wait_seconds IS NOT NULL THEN
        INSERT INTO ticket_daily AS d (company_id, kind, day, queue_id, user_id, by_user_id, wait_n, wait_sum)
        VALUES (m.company_id, 3, (m.first_accepted_at AT TIME ZONE z)::date, m.queue_id, m.user_id, m.first_user_id, sign, sign * m.wait_seconds)
        ON CONFLICT (company_id, kind, day, queue_id, user_id, by_user_id) DO UPDATE SET
          wait_n = d.wait_n + EXCLUDED.wait_n, wait_sum = d.wait_sum + EXCLUDED.wait_sum;
      END IF;
      IF m.rated_at IS NOT NULL AND m.rate IS NOT NULL THEN
        INSERT INTO ticket_daily AS d (company_id, kind, day, queue_id, user_id, by_user_id, tickets, rate_sum, good, neutral, bad)
        VALUES (m.company_id, 4, (m.rated_at AT TIME ZONE z)::date, m.queue_id, m.user_id, m.rated_user_id, sign, sign * m.rate,
          sign * (m.rate = 5)::int, sign * (m.rate = 4)::int, sign * (m.rate <= 3)::int)
        ON CONFLICT (company_id, kind, day, queue_id, user_id, by_user_id) DO UPDATE SET
          tickets = d.tickets + EXCLUDED.tickets, rate_sum = d.rate_sum + EXCLUDED.rate_sum,
          good = d.good + EXCLUDED.good, neutral = d.neutral + EXCLUDED.neutral, bad = d.bad + EXCLUDED.bad;
      END IF;
    END $$;
  `);
  await knex.raw(`
    CREATE FUNCTION ticket_daily_on_metrics() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM ticket_daily_add(OLD, -1); END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM ticket_daily_add(NEW, 1); END IF;
      RETURN NULL;
    END $$;
  `);
  const counted = [
    'company_id', 'created_at', 'status', 'user_id', 'queue_id', 'is_lead', 'closed_at', 'first_accepted_at',
    'support_seconds', 'wait_seconds', 'first_user_id', 'rated_at', 'rate', 'rated_user_id',
  ];
  const row = (alias: string) => `ROW(${counted.map((c) => `${alias}.${c}`).join(', ')})`;
  await knex.raw('CREATE TRIGGER ticket_daily_insert_delete AFTER INSERT OR DELETE ON ticket_metrics FOR EACH ROW EXECUTE FUNCTION ticket_daily_on_metrics()');
  // first_response_at, transfers, reopens and agent_since count in no daily total: their updates cost nothing here.
  await knex.raw(`CREATE TRIGGER ticket_daily_update AFTER UPDATE ON ticket_metrics FOR EACH ROW
    WHEN (${row('OLD')} IS DISTINCT FROM ${row('NEW')})
    EXECUTE FUNCTION ticket_daily_on_metrics()`);

  await knex.raw('SELECT ticket_daily_add(m, 1) FROM ticket_metrics m');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS ticket_daily_update ON ticket_metrics');
  await knex.raw('DROP TRIGGER IF EXISTS ticket_daily_insert_delete ON ticket_metrics');
  await knex.raw('DROP FUNCTION IF EXISTS ticket_daily_on_metrics()');
  await knex.raw('DROP FUNCTION IF EXISTS ticket_daily_add(ticket_metrics, int)');
  await knex.schema.dropTableIfExists('ticket_daily');
}
