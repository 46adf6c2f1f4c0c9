import type { Knex } from 'knex';

/**
 * The SLA dashboard's per-day rollup (issue #33; bench P7): GET /dashboard/sla read every
 * ticket_sla row started in the range, so a 30-day dashboard of a 100k-ticket tenant aggregated
 * ~17k rows. It now reads these rows, kept exact like ticket_daily (migration
 * 20261127150000_ticket_daily) by triggers in the transaction of the change.
 *
 * - sla_ticket_figures, one row per ticket with a ticket_sla row: what the ticket adds to the
 *   dashboard, from the pair (ticket_sla s, ticket_metrics m) — the inputs of
 *   core/src/sla/status-sql.ts: its São Paulo day of s.started_at, its current queue and agent
 *   (m.queue_id, m.user_id: the dashboard's scope filters them as it filters ticket_metrics), the
 *   verdicts that no longer depend on the clock ("settled": first response answered or breach
 *   recorded; resolution closed or breach recorded), the calendar seconds from the SLA start to
 *   the first answer and to the close, and the due instants of the targets whose verdict still
 *   runs on the clock (first response awaited while pending/open, close awaited; no breach
 *   recorded). The dashboard reads those last rows live through a partial index ('breached' once
 *   due, else 'running'): the tickets younger than their target, plus the breach checker's lag.
 * - sla_daily, one row per (company, day, queue, agent): the sums of those figures — tickets,
 *   settled met/breached counts of each target, and histograms of the two kinds of seconds (what
 *   a plain user's percentiles read: their scope is by queue and agent);
 * - sla_company_seconds, one row per (company, day): the same histograms company-wide, what an
 *   admin's percentiles read (unnesting a row's arrays is the costly part of the read: a row a day
 *   instead of one per queue and agent). It changes only when a ticket's seconds or day change
 *   (a first answer, a close or reopen), so its lock is taken about twice per ticket.
 *
 * Every trigger recomputes the ticket's figures from the rows as they are now and moves the
 * difference into sla_daily (sla_rollup_refresh): the stored figures are what was added, so a
 * deletion (whose cascaded triggers run after both rows are gone) takes out exactly that.
 *
 * Histograms: bucket 0 holds intervals under 1 s (negative ones too); bucket i ≥ 1 holds
 * [1.05^(i-1), 1.05^i) seconds. Each sla_daily row keeps, per bucket present, the count and the
 * sum of the seconds (three parallel arrays, buckets in first-seen order, a resolution's bucket
 * numbered 1000 + i, so a read unnests each row once); a percentile takes each
 * value as its bucket's mean, so it is off by at most 5 % of the exact value (plus under 1 s
 * below 1 s) (core/src/sla/percentiles.ts).
 *
 * Serialised per ticket by its `sla.check` timer row: ticket_sla is written by that check, which
 * holds the row (claimed FOR UPDATE) for its whole transaction, and the ticket_metrics update
 * trigger holds the same row before it reads ticket_sla (the row the metrics' own SLA trigger
 * upserts for most changes; for the rest, such as a new assignee, it is locked, or set due now
 * when missing). So a ticket change and a check of that ticket never interleave, and each reads
 * the other's committed row. The check reads ticket_metrics without locking it, so it never waits
 * for a ticket change (which may be waiting for the check's timer row): no deadlock. One change's
 * two sla_daily rows are written in key order.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sla_daily', (t) => {
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.date('day').notNullable();
    t.integer('queue_id');
    t.integer('user_id');
    t.integer('tickets').notNullable().defaultTo(0);
    t.integer('fr_met').notNullable().defaultTo(0);
    t.integer('fr_breached').notNullable().defaultTo(0);
    t.integer('res_met').notNullable().defaultTo(0);
    t.integer('res_breached').notNullable().defaultTo(0);
    // The seconds histograms, both kinds in one set of parallel arrays (one unnest per row when read):
    // bucket b of the first response, 1000 + b of the resolution.
    t.specificType('buckets', 'smallint[]').notNullable().defaultTo('{}');
    t.specificType('counts', 'int[]').notNullable().defaultTo('{}');
    t.specificType('sums', 'double precision[]').notNullable().defaultTo('{}');
  });
  await knex.raw('CREATE UNIQUE INDEX sla_daily_key ON sla_daily (company_id, day, queue_id, user_id) NULLS NOT DISTINCT');
  // Every settled change of a ticket rewrites its row: room on the page keeps those updates HOT (no
  // new index entry, the old version pruned in place), so a day's rows stay on a few pages.
  await knex.raw('ALTER TABLE sla_daily SET (fillfactor = 50)');

  // The same histograms per (company, day) alone: an admin's percentiles read a row a day, not one per (day, queue, agent).
  await knex.schema.createTable('sla_company_seconds', (t) => {
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.date('day').notNullable();
    t.specificType('buckets', 'smallint[]').notNullable().defaultTo('{}');
    t.specificType('counts', 'int[]').notNullable().defaultTo('{}');
    t.specificType('sums', 'double precision[]').notNullable().defaultTo('{}');
    t.primary(['company_id', 'day']);
  });
  await knex.raw('ALTER TABLE sla_company_seconds SET (fillfactor = 50)');

  await knex.schema.createTable('sla_ticket_figures', (t) => {
    t.integer('ticket_id').primary();
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.date('day').notNullable();
    t.integer('queue_id');
    t.integer('user_id');
    /** 1 met, 2 breached; null: no target, no verdict (closed unanswered), or still on the clock. */
    t.smallint('first_response');
    t.smallint('resolution');
    t.double('first_response_seconds');
    t.double('resolution_seconds');
    /** Set while that target's verdict still depends on the clock. */
    t.timestamp('first_response_due_at', { useTz: true });
    t.timestamp('resolution_due_at', { useTz: true });
  });
  await knex.raw(`CREATE INDEX sla_ticket_figures_running ON sla_ticket_figures (company_id, day)
    WHERE first_response_due_at IS NOT NULL OR resolution_due_at IS NOT NULL`);

  await knex.raw(`
    CREATE FUNCTION sla_seconds_bucket(seconds double precision) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN seconds < 1 THEN 0 ELSE (1 + floor(ln(seconds) / ln(1.05::double precision)))::smallint END
  `);
  // One histogram step, applied to the row's parallel arrays: its buckets, then its counts and its sums (a null bucket: none).
  await knex.raw(`
    CREATE FUNCTION sla_hist_buckets(buckets smallint[], bucket smallint) RETURNS smallint[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN bucket IS NULL OR bucket = ANY (buckets) THEN buckets ELSE buckets || bucket END
  `);
  await knex.raw(`
    CREATE FUNCTION sla_hist_values(buckets smallint[], vals anyarray, bucket smallint, delta anyelement) RETURNS anyarray LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    DECLARE p int := array_position(buckets, bucket);
    BEGIN
      IF bucket IS NULL THEN RETURN vals; END IF;
      IF p IS NULL THEN RETURN vals || delta; END IF;
      vals[p] := vals[p] + delta;
      RETURN vals;
    END $$
  `);

  // The figures of one ticket from its pair of rows (null when it has none).
  await knex.raw(`
    CREATE FUNCTION sla_figures_of(s ticket_sla, m ticket_metrics) RETURNS sla_ticket_figures LANGUAGE sql STABLE RETURN ROW(
      s.ticket_id, s.company_id, (s.started_at AT TIME ZONE 'America/Sao_Paulo')::date, m.queue_id, m.user_id,
      (CASE WHEN s.first_response_due_at IS NULL THEN NULL
            WHEN m.first_response_at IS NOT NULL THEN CASE WHEN m.first_response_at <= s.first_response_due_at THEN 1 ELSE 2 END
            WHEN s.first_response_breached_at IS NOT NULL THEN 2 END)::smallint,
      (CASE WHEN s.resolution_due_at IS NULL THEN NULL
            WHEN m.closed_at IS NOT NULL THEN CASE WHEN m.closed_at <= s.resolution_due_at THEN 1 ELSE 2 END
            WHEN s.resolution_breached_at IS NOT NULL THEN 2 END)::smallint,
      extract(epoch FROM m.first_response_at - s.started_at)::double precision,
      extract(epoch FROM m.closed_at - s.started_at)::double precision,
      CASE WHEN m.first_response_at IS NULL AND s.first_response_breached_at IS NULL AND m.status IN ('pending', 'open') THEN s.first_response_due_at END,
      CASE WHEN m.closed_at IS NULL AND s.resolution_breached_at IS NULL THEN s.resolution_due_at END
    )::sla_ticket_figures
  `);

  // A ticket's two seconds (first response; resolution, in buckets from 1000) added to (sign 1) or taken
  // out of (sign -1) a histogram: what both rollup tables below keep per row.
  await knex.raw('CREATE TYPE sla_histogram AS (buckets smallint[], counts int[], sums double precision[])');
  await knex.raw(`
    CREATE FUNCTION sla_hist_add(h sla_histogram, f sla_ticket_figures, sign int) RETURNS sla_histogram LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    DECLARE
      fr smallint := sla_seconds_bucket(f.first_response_seconds);
      res smallint := 1000 + sla_seconds_bucket(f.resolution_seconds);
    BEGIN
      h := ROW(sla_hist_buckets(h.buckets, fr), sla_hist_values(h.buckets, h.counts, fr, sign), sla_hist_values(h.buckets, h.sums, fr, sign * f.first_response_seconds));
      RETURN ROW(sla_hist_buckets(h.buckets, res), sla_hist_values(h.buckets, h.counts, res, sign), sla_hist_values(h.buckets, h.sums, res, sign * f.resolution_seconds));
    END $$
  `);

  // One ticket's figures added to (sign 1) or taken out of (sign -1) its sla_daily row.
  await knex.raw(`
    CREATE FUNCTION sla_daily_add(f sla_ticket_figures, sign int) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      h sla_histogram := sla_hist_add(ROW('{}', '{}', '{}'), f, sign);
    BEGIN
      INSERT INTO sla_daily AS d (company_id, day, queue_id, user_id, tickets, fr_met, fr_breached, res_met, res_breached, buckets, counts, sums)
      VALUES (f.company_id, f.day, f.queue_id, f.user_id, sign,
        CASE WHEN f.first_response = 1 THEN sign ELSE 0 END, CASE WHEN f.first_response = 2 THEN sign ELSE 0 END,
        CASE WHEN f.resolution = 1 THEN sign ELSE 0 END, CASE WHEN f.resolution = 2 THEN sign ELSE 0 END,
        h.buckets, h.counts, h.sums)
      ON CONFLICT (company_id, day, queue_id, user_id) DO UPDATE SET
        tickets = d.tickets + EXCLUDED.tickets,
        fr_met = d.fr_met + EXCLUDED.fr_met, fr_breached = d.fr_breached + EXCLUDED.fr_breached,
        res_met = d.res_met + EXCLUDED.res_met, res_breached = d.res_breached + EXCLUDED.res_breached,
        (buckets, counts, sums) = (SELECT n.buckets, n.counts, n.sums FROM sla_hist_add(ROW(d.buckets, d.counts, d.sums), f, sign) AS n);
    END $$
  `);

  // One ticket's seconds added to (sign 1) or taken out of (sign -1) its company's row of the day.
  await knex.raw(`
    CREATE FUNCTION sla_company_seconds_add(f sla_ticket_figures, sign int) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      h sla_histogram := sla_hist_add(ROW('{}', '{}', '{}'), f, sign);
    BEGIN
      IF f.first_response_seconds IS NULL AND f.resolution_seconds IS NULL THEN RETURN; END IF;
      INSERT INTO sla_company_seconds AS c (company_id, day, buckets, counts, sums)
      VALUES (f.company_id, f.day, h.buckets, h.counts, h.sums)
      ON CONFLICT (company_id, day) DO UPDATE SET
        (buckets, counts, sums) = (SELECT n.buckets, n.counts, n.sums FROM sla_hist_add(ROW(c.buckets, c.counts, c.sums), f, sign) AS n);
    END $$
  `);

  // The ticket's figures recomputed from its rows as they are now; the difference moved into sla_daily.
  await knex.raw(`
    CREATE FUNCTION sla_rollup_refresh(ticket int) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      kept sla_ticket_figures;
      fresh sla_ticket_figures;
      s ticket_sla;
      m ticket_metrics;
      had boolean;
      has boolean := false;
    BEGIN
      SELECT * INTO kept FROM sla_ticket_figures WHERE ticket_id = ticket FOR UPDATE;
      had := FOUND;
      SELECT * INTO s FROM ticket_sla WHERE ticket_id = ticket;
      IF FOUND THEN
        SELECT * INTO m FROM ticket_metrics WHERE ticket_id = ticket;
        has := FOUND;
      END IF;
      IF NOT had AND NOT has THEN RETURN; END IF;
      IF has THEN fresh := sla_figures_of(s, m); END IF;
      IF had AND has AND kept IS NOT DISTINCT FROM fresh THEN RETURN; END IF;
      -- The due instants of running clocks are read live: only the rest moves sla_daily.
      IF NOT had OR NOT has OR (kept.company_id, kept.day, kept.queue_id, kept.user_id, kept.first_response, kept.resolution, kept.first_response_seconds, kept.resolution_seconds)
         IS DISTINCT FROM (fresh.company_id, fresh.day, fresh.queue_id, fresh.user_id, fresh.first_response, fresh.resolution, fresh.first_response_seconds, fresh.resolution_seconds) THEN
        -- Two rows in key order, so two tickets moving between the same two rows in opposite directions wait instead of deadlocking.
        IF had AND has AND (kept.day, coalesce(kept.queue_id, 0), coalesce(kept.user_id, 0)) > (fresh.day, coalesce(fresh.queue_id, 0), coalesce(fresh.user_id, 0)) THEN
          PERFORM sla_daily_add(fresh, 1);
          PERFORM sla_daily_add(kept, -1);
        ELSE
          IF had THEN PERFORM sla_daily_add(kept, -1); END IF;
          IF has THEN PERFORM sla_daily_add(fresh, 1); END IF;
        END IF;
      END IF;
      -- The company's row of the day changes with the seconds only (not with a transfer or a verdict): few writes, in day order.
      IF NOT had OR NOT has OR (kept.company_id, kept.day, kept.first_response_seconds, kept.resolution_seconds)
         IS DISTINCT FROM (fresh.company_id, fresh.day, fresh.first_response_seconds, fresh.resolution_seconds) THEN
        IF had AND has AND kept.day > fresh.day THEN
          PERFORM sla_company_seconds_add(fresh, 1);
          PERFORM sla_company_seconds_add(kept, -1);
        ELSE
          IF had THEN PERFORM sla_company_seconds_add(kept, -1); END IF;
          IF has THEN PERFORM sla_company_seconds_add(fresh, 1); END IF;
        END IF;
      END IF;
      IF has THEN
        INSERT INTO sla_ticket_figures VALUES (fresh.*) ON CONFLICT (ticket_id) DO UPDATE SET
          company_id = EXCLUDED.company_id, day = EXCLUDED.day, queue_id = EXCLUDED.queue_id, user_id = EXCLUDED.user_id,
          first_response = EXCLUDED.first_response, resolution = EXCLUDED.resolution,
          first_response_seconds = EXCLUDED.first_response_seconds, resolution_seconds = EXCLUDED.resolution_seconds,
          first_response_due_at = EXCLUDED.first_response_due_at, resolution_due_at = EXCLUDED.resolution_due_at;
      ELSE
        DELETE FROM sla_ticket_figures WHERE ticket_id = ticket;
      END IF;
    END $$
  `);

  // Holds the ticket's sla.check timer row (see above): waits for a check of the ticket in progress.
  await knex.raw(`
    CREATE FUNCTION sla_rollup_hold_check(ticket int, company int) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM timed_work WHERE kind = 'sla.check' AND key = 'ticket:' || ticket FOR UPDATE;
      IF NOT FOUND THEN
        INSERT INTO timed_work (kind, key, company_id, due_at, payload)
        VALUES ('sla.check', 'ticket:' || ticket, company, now(), jsonb_build_object('ticketId', ticket))
        ON CONFLICT (kind, key) DO UPDATE SET due_at = now(), attempts = 0, last_error = NULL, failed_at = NULL, updated_at = now();
      END IF;
    END $$
  `);

  await knex.raw(`
    CREATE FUNCTION sla_rollup_on_metrics() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        -- A ticket's deletion: its cascaded triggers run once both rows are gone, and take out the stored figures.
        PERFORM sla_rollup_refresh(OLD.ticket_id);
        RETURN NULL;
      END IF;
      -- A check may be writing this ticket's first ticket_sla row (not visible yet) only in a company with targets.
      IF NOT EXISTS (SELECT 1 FROM ticket_sla WHERE ticket_id = NEW.ticket_id)
         AND NOT EXISTS (SELECT 1 FROM sla_targets WHERE company_id = NEW.company_id) THEN
        RETURN NULL;
      END IF;
      PERFORM sla_rollup_hold_check(NEW.ticket_id, NEW.company_id);
      PERFORM sla_rollup_refresh(NEW.ticket_id);
      RETURN NULL;
    END $$
  `);

  await knex.raw(`
    CREATE FUNCTION sla_rollup_on_ticket_sla() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM sla_rollup_refresh(CASE WHEN TG_OP = 'DELETE' THEN OLD.ticket_id ELSE NEW.ticket_id END);
      RETURN NULL;
    END $$
  `);

  // A new ticket has no ticket_sla row yet (the check writes it after): only updates and deletions count.
  // Named after sla_metrics_update, so it fires after that trigger has taken the timer row.
  await knex.raw('CREATE TRIGGER sla_rollup_metrics_delete AFTER DELETE ON ticket_metrics FOR EACH ROW EXECUTE FUNCTION sla_rollup_on_metrics()');
  // Transfers, reopen counts, ratings and the other dashboards' timings change no SLA figure: their updates cost nothing here.
  await knex.raw(`CREATE TRIGGER sla_rollup_metrics_update AFTER UPDATE ON ticket_metrics FOR EACH ROW
    WHEN (ROW(OLD.status, OLD.queue_id, OLD.user_id, OLD.first_response_at, OLD.closed_at)
          IS DISTINCT FROM ROW(NEW.status, NEW.queue_id, NEW.user_id, NEW.first_response_at, NEW.closed_at))
    EXECUTE FUNCTION sla_rollup_on_metrics()`);
  await knex.raw('CREATE TRIGGER sla_rollup_ticket_sla_insert_delete AFTER INSERT OR DELETE ON ticket_sla FOR EACH ROW EXECUTE FUNCTION sla_rollup_on_ticket_sla()');
  // Warning instants, the target id and updated_at change no figure.
  await knex.raw(`CREATE TRIGGER sla_rollup_ticket_sla_update AFTER UPDATE ON ticket_sla FOR EACH ROW
    WHEN (ROW(OLD.company_id, OLD.started_at, OLD.first_response_due_at, OLD.resolution_due_at, OLD.first_response_breached_at, OLD.resolution_breached_at)
          IS DISTINCT FROM ROW(NEW.company_id, NEW.started_at, NEW.first_response_due_at, NEW.resolution_due_at, NEW.first_response_breached_at, NEW.resolution_breached_at))
    EXECUTE FUNCTION sla_rollup_on_ticket_sla()`);

  await knex.raw('SELECT sla_rollup_refresh(ticket_id) FROM ticket_sla');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS sla_rollup_ticket_sla_update ON ticket_sla');
  await knex.raw('DROP TRIGGER IF EXISTS sla_rollup_ticket_sla_insert_delete ON ticket_sla');
  await knex.raw('DROP TRIGGER IF EXISTS sla_rollup_metrics_update ON ticket_metrics');
  await knex.raw('DROP TRIGGER IF EXISTS sla_rollup_metrics_delete ON ticket_metrics');
  await knex.raw('DROP FUNCTION IF EXISTS sla_rollup_on_ticket_sla()');
  await knex.raw('DROP FUNCTION IF EXISTS sla_rollup_on_metrics()');
  await knex.raw('DROP FUNCTION IF EXISTS sla_rollup_hold_check(int, int)');
  await knex.raw('DROP FUNCTION IF EXISTS sla_rollup_refresh(int)');
  await knex.raw('DROP FUNCTION IF EXISTS sla_company_seconds_add(sla_ticket_figures, int)');
  await knex.raw('DROP FUNCTION IF EXISTS sla_daily_add(sla_ticket_figures, int)');
  await knex.raw('DROP FUNCTION IF EXISTS sla_hist_add(sla_histogram, sla_ticket_figures, int)');
  await knex.raw('DROP TYPE IF EXISTS sla_histogram');
  await knex.raw('DROP FUNCTION IF EXISTS sla_figures_of(ticket_sla, ticket_metrics)');
  await knex.raw('DROP FUNCTION IF EXISTS sla_hist_values(smallint[], anyarray, smallint, anyelement)');
  await knex.raw('DROP FUNCTION IF EXISTS sla_hist_buckets(smallint[], smallint)');
  await knex.raw('DROP FUNCTION IF EXISTS sla_seconds_bucket(double precision)');
  await knex.schema.dropTableIfExists('sla_ticket_figures');
  await knex.schema.dropTableIfExists('sla_company_seconds');
  await knex.schema.dropTableIfExists('sla_daily');
}
