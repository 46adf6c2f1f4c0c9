import type { Knex } from 'knex';

/**
 * Ticket metrics for the dashboard, the moments view and the tickets report (inbox.md §2 Dashboard,
 * §3 Dashboard counters; outreach-config.md Tickets report). One row per ticket, written as the
 * ticket changes by triggers in the very transaction of the change, so every path that moves a
 * ticket (the tickets API, ingest, the bot engine, plugins, auto-close) records the same timings:
 *
 * - created_at / is_lead: when the ticket was created; a lead is a contact's first ticket.
 * - first_pending_at, first_queued_at: first moment it waited for an agent (pending), and first
 *   moment it waited in a queue (pending with a queue). Wait starts at first_queued_at, else
 *   first_pending_at.
 * - first_accepted_at, first_user_id, wait_seconds: first moment an agent held it (open or group
 *   with a user) and the wait until then. Fixed for the ticket's life (a reopen does not reset it).
 * - agent_since, support_seconds (seconds, fractional): the running agent period and the accumulated time agents held
 *   it (every open-with-agent period, so a reopened ticket counts its closed gap as nothing).
 * - first_response_at: the first message an agent wrote (messages.from_me with a user, not private).
 * - closed_at: the last close (null while active again); transfers, reopens: how often.
 * - rate, rated_at, rated_user_id: the latest answered rating (ticket_ratings).
 * - status, user_id, queue_id, whatsapp_id: mirrored from tickets so every dashboard query reads
 *   this table's indexes only.
 *
 * The rating step of ingest may reopen a closed ticket and put it back to closed with its old
 * closed_at in the same transaction: the trigger recognises that undo (reopened in this
 * transaction, closed again with a closed_at from before it) and takes the reopen back.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ticket_metrics', (t) => {
    t.integer('ticket_id').primary().references('id').inTable('tickets').onDelete('CASCADE');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('contact_id');
    t.integer('whatsapp_id');
    t.integer('user_id');
    t.integer('queue_id');
    t.string('status', 10).notNullable();
    t.boolean('is_lead').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('first_pending_at', { useTz: true });
    t.timestamp('first_queued_at', { useTz: true });
    t.timestamp('first_accepted_at', { useTz: true });
    t.integer('first_user_id');
    t.double('wait_seconds');
    t.timestamp('agent_since', { useTz: true });
    t.double('support_seconds').notNullable().defaultTo(0);
    t.timestamp('first_response_at', { useTz: true });
    t.timestamp('closed_at', { useTz: true });
    t.integer('transfers').notNullable().defaultTo(0);
    t.integer('reopens').notNullable().defaultTo(0);
    t.timestamp('reopened_at', { useTz: true });
    t.smallint('rate');
    t.timestamp('rated_at', { useTz: true });
    t.integer('rated_user_id');
  });
  // Every dashboard query is one range of one of these, with what it aggregates in the index.
  await knex.raw(
    'CREATE INDEX ticket_metrics_created ON ticket_metrics (company_id, created_at) INCLUDE (status, user_id, queue_id, is_lead, first_accepted_at)',
  );
  await knex.raw(
    `CREATE INDEX ticket_metrics_closed ON ticket_metrics (company_id, closed_at) INCLUDE (user_id, queue_id, first_accepted_at, support_seconds)
     WHERE closed_at IS NOT NULL`,
  );
  await knex.raw(
    `CREATE INDEX ticket_metrics_accepted ON ticket_metrics (company_id, first_accepted_at) INCLUDE (first_user_id, user_id, queue_id, wait_seconds)
     WHERE first_accepted_at IS NOT NULL`,
  );
  await knex.raw(
    `CREATE INDEX ticket_metrics_rated ON ticket_metrics (company_id, rated_at) INCLUDE (rate, rated_user_id, user_id, queue_id)
     WHERE rate IS NOT NULL`,
  );
  // Moments: the active tickets of the last 30 days by status.
  await knex.raw(
    `CREATE INDEX ticket_metrics_active ON ticket_metrics (company_id, status, created_at) INCLUDE (user_id, queue_id)
     WHERE status IN ('pending', 'open', 'group')`,
  );
  // The report: a company's tickets by creation date, newest first.
  await knex.raw('CREATE INDEX tickets_company_created_id ON tickets (company_id, created_at DESC, id DESC)');

  await knex.raw(`
    CREATE FUNCTION ticket_metrics_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      working boolean := NEW.status IN ('open', 'group') AND NEW.user_id IS NOT NULL;
    BEGIN
      INSERT INTO ticket_metrics (ticket_id, company_id, contact_id, whatsapp_id, user_id, queue_id, status, is_lead, created_at,
        first_pending_at, first_queued_at, first_accepted_at, first_user_id, wait_seconds, agent_since, closed_at)
      VALUES (NEW.id, NEW.company_id, NEW.contact_id, NEW.whatsapp_id, NEW.user_id, NEW.queue_id, NEW.status,
        NOT NEW.imported AND NOT EXISTS (SELECT 1 FROM tickets o WHERE o.company_id = NEW.company_id AND o.contact_id = NEW.contact_id AND o.id <> NEW.id),
        NEW.created_at,
        CASE WHEN NEW.status = 'pending' THEN NEW.created_at END,
        CASE WHEN NEW.status = 'pending' AND NEW.queue_id IS NOT NULL THEN NEW.created_at END,
        CASE WHEN working THEN NEW.created_at END,
        CASE WHEN working THEN NEW.user_id END,
        NULL,
        CASE WHEN working THEN NEW.created_at END,
        CASE WHEN NEW.status = 'closed' THEN coalesce(NEW.closed_at, NEW.created_at) END);
      RETURN NULL;
    END $$;
  `);

  await knex.raw(`
    CREATE FUNCTION ticket_metrics_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      m ticket_metrics%ROWTYPE;
      at timestamptz := now();
      was_working boolean := OLD.status IN ('open', 'group') AND OLD.user_id IS NOT NULL;
      is_working boolean := NEW.status IN ('open', 'group') AND NEW.user_id IS NOT NULL;
    BEGIN
      SELECT * INTO m FROM ticket_metrics WHERE ticket_id = NEW.id FOR UPDATE;
      IF NOT FOUND THEN RETURN NULL; END IF;
      IF NEW.status = 'pending' THEN
        m.first_pending_at := coalesce(m.first_pending_at, at);
        IF NEW.queue_id IS NOT NULL THEN m.first_queued_at := coalesce(m.first_queued_at, at); END IF;
      END IF;
      IF is_working AND NOT was_working THEN
        m.agent_since := at;
        IF m.first_accepted_at IS NULL THEN
          m.first_accepted_at := at;
          m.first_user_id := NEW.user_id;
          IF coalesce(m.first_queued_at, m.first_pending_at) IS NOT NULL THEN
            m.wait_seconds := greatest(0, extract(epoch FROM at - coalesce(m.first_queued_at, m.first_pending_at)));
          END IF;
        END IF;
      ELSIF was_working AND NOT is_working AND m.agent_since IS NOT NULL THEN
        m.support_seconds := m.support_seconds + greatest(0, extract(epoch FROM at - m.agent_since));
        m.agent_since := NULL;
      END IF;
      IF NEW.status = 'closed' AND OLD.status <> 'closed' THEN
        m.closed_at := coalesce(NEW.closed_at, at);
        -- The rating step undoing a reopen of this same transaction: the close it restores is older.
        IF m.reopened_at = at AND NEW.closed_at IS NOT NULL AND NEW.closed_at < at THEN
          m.reopens := greatest(0, m.reopens - 1);
          m.reopened_at := NULL;
        END IF;
      ELSIF OLD.status = 'closed' AND NEW.status <> 'closed' THEN
        m.closed_at := NULL;
        m.reopens := m.reopens + 1;
        m.reopened_at := at;
      END IF;
      IF OLD.status <> 'closed' AND NEW.status <> 'closed' AND (
           (OLD.queue_id IS NOT NULL AND NEW.queue_id IS DISTINCT FROM OLD.queue_id)
        OR (OLD.user_id IS NOT NULL AND NEW.user_id IS NOT NULL AND NEW.user_id <> OLD.user_id)) THEN
        m.transfers := m.transfers + 1;
      END IF;
      UPDATE ticket_metrics SET status = NEW.status, user_id = NEW.user_id, queue_id = NEW.queue_id, whatsapp_id = NEW.whatsapp_id,
        contact_id = NEW.contact_id, first_pending_at = m.first_pending_at, first_queued_at = m.first_queued_at,
        first_accepted_at = m.first_accepted_at, first_user_id = m.first_user_id, wait_seconds = m.wait_seconds,
        agent_since = m.agent_since, support_seconds = m.support_seconds, closed_at = m.closed_at, transfers = m.transfers,
        reopens = m.reopens, reopened_at = m.reopened_at
      WHERE ticket_id = NEW.id;
      RETURN NULL;
    END $$;
  `);

  await knex.raw(`
    CREATE FUNCTION ticket_metrics_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ticket_metrics SET first_response_at = NEW.created_at WHERE ticket_id = NEW.ticket_id AND first_response_at IS NULL;
      RETURN NULL;
    END $$;
  `);

  await knex.raw(`
    CREATE FUNCTION ticket_metrics_on_rating() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ticket_metrics SET rate = NEW.rate, rated_at = coalesce(NEW.answered_at, now()), rated_user_id = NEW.user_id
      WHERE ticket_id = NEW.ticket_id;
      RETURN NULL;
    END $$;
  `);

  await knex.raw('CREATE TRIGGER ticket_metrics_insert AFTER INSERT ON tickets FOR EACH ROW EXECUTE FUNCTION ticket_metrics_on_insert()');
  await knex.raw(`CREATE TRIGGER ticket_metrics_update AFTER UPDATE OF status, user_id, queue_id, whatsapp_id ON tickets FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id
       OR OLD.queue_id IS DISTINCT FROM NEW.queue_id OR OLD.whatsapp_id IS DISTINCT FROM NEW.whatsapp_id)
    EXECUTE FUNCTION ticket_metrics_on_update()`);
  await knex.raw(`CREATE TRIGGER ticket_metrics_message AFTER INSERT ON messages FOR EACH ROW
    WHEN (NEW.from_me AND NEW.user_id IS NOT NULL AND NOT NEW.is_private)
    EXECUTE FUNCTION ticket_metrics_on_message()`);
  await knex.raw(`CREATE TRIGGER ticket_metrics_rating AFTER INSERT OR UPDATE OF rate ON ticket_ratings FOR EACH ROW
    WHEN (NEW.rate IS NOT NULL)
    EXECUTE FUNCTION ticket_metrics_on_rating()`);

  await backfill(knex);
}

/**
 * Existing tickets: what their rows and logs tell. Accepted = the first 'open' log (else
 * accepted_at); support = close minus acceptance for closed tickets; transfers and reopens
 * counted from the logs; the first agent message; the latest rating.
 */
export async function backfill(knex: Knex): Promise<void> {
  await knex.raw(`
    WITH logs AS (
      SELECT ticket_id,
        min(created_at) FILTER (WHERE type = 'open') AS opened,
        -- Queue changes away from a queue and user-to-user transfers (not the first queue choice, not a reopen to someone).
        count(*) FILTER (WHERE type = 'transfered' AND (data->>'fromQueueId' IS NOT NULL OR (data->>'toUserId' IS NOT NULL AND data->'fromUserId' IS NULL))) AS transfers,
        count(*) FILTER (WHERE type = 'reopen') AS reopens
      FROM ticket_logs GROUP BY ticket_id
    ), firsts AS (
      SELECT ticket_id, min(created_at) AS responded FROM messages
      WHERE from_me AND user_id IS NOT NULL AND NOT is_private GROUP BY ticket_id
    ), rated AS (
      SELECT DISTINCT ON (ticket_id) ticket_id, rate, answered_at, user_id FROM ticket_ratings
      WHERE rate IS NOT NULL ORDER BY ticket_id, answered_at DESC NULLS LAST, id DESC
    ), base AS (
      SELECT t.*, coalesce(l.opened, CASE WHEN t.accepted_at IS NOT NULL THEN t.created_at END) AS accepted,
        l.opened IS NOT NULL AS waited, coalesce(l.transfers, 0) AS transfers, coalesce(l.reopens, 0) AS reopens,
        row_number() OVER (PARTITION BY t.company_id, t.contact_id ORDER BY t.id) = 1 AS first_of_contact
      FROM tickets t LEFT JOIN logs l ON l.ticket_id = t.id
    )
    INSERT INTO ticket_metrics (ticket_id, company_id, contact_id, whatsapp_id, user_id, queue_id, status, is_lead, created_at,
      first_pending_at, first_queued_at, first_accepted_at, first_user_id, wait_seconds, agent_since, support_seconds,
      first_response_at, closed_at, transfers, reopens, rate, rated_at, rated_user_id)
    SELECT b.id, b.company_id, b.contact_id, b.whatsapp_id, b.user_id, b.queue_id, b.status, b.first_of_contact AND NOT b.imported, b.created_at,
      CASE WHEN b.waited OR b.status = 'pending' THEN b.created_at END,
      CASE WHEN (b.waited OR b.status = 'pending') AND b.queue_id IS NOT NULL THEN b.created_at END,
      b.accepted, CASE WHEN b.accepted IS NOT NULL THEN b.user_id END,
      CASE WHEN b.waited AND b.accepted IS NOT NULL THEN greatest(0, extract(epoch FROM b.accepted - b.created_at)) END,
      CASE WHEN b.status IN ('open', 'group') AND b.user_id IS NOT NULL THEN coalesce(b.accepted_at, b.accepted) END,
      CASE WHEN b.status = 'closed' AND b.accepted IS NOT NULL AND b.closed_at IS NOT NULL
        THEN greatest(0, extract(epoch FROM b.closed_at - b.accepted)) ELSE 0 END,
      f.responded, CASE WHEN b.status = 'closed' THEN coalesce(b.closed_at, b.updated_at) END,
      b.transfers, b.reopens, r.rate, r.answered_at, r.user_id
    FROM base b LEFT JOIN firsts f ON f.ticket_id = b.id LEFT JOIN rated r ON r.ticket_id = b.id
    ON CONFLICT (ticket_id) DO NOTHING
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS ticket_metrics_rating ON ticket_ratings');
  await knex.raw('DROP TRIGGER IF EXISTS ticket_metrics_message ON messages');
  await knex.raw('DROP TRIGGER IF EXISTS ticket_metrics_update ON tickets');
  await knex.raw('DROP TRIGGER IF EXISTS ticket_metrics_insert ON tickets');
  await knex.raw('DROP FUNCTION IF EXISTS ticket_metrics_on_rating()');
  await knex.raw('DROP FUNCTION IF EXISTS ticket_metrics_on_message()');
  await knex.raw('DROP FUNCTION IF EXISTS ticket_metrics_on_update()');
  await knex.raw('DROP FUNCTION IF EXISTS ticket_metrics_on_insert()');
  await knex.raw('DROP INDEX IF EXISTS tickets_company_created_id');
  await knex.schema.dropTableIfExists('ticket_metrics');
}
