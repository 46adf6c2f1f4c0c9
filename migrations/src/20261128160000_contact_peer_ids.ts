import type { Knex } from 'knex';

/**
 * Issue #32, "people, not ids": a contact's `number` is a phone (or nothing), and the channel's own
 * address of the person — a website visitor's peer id, a Messenger PSID, a Telegram chat id — lives
 * in `remote_jid` (the column outbound already addresses first), unique per company and channel.
 *
 * - Facebook, Instagram and Telegram: the page-scoped id or chat id moves to `remote_jid`; the
 *   number becomes '' (neither Meta nor Telegram gives the person's phone with a message).
 * - Website visitors (`v` + 31 hex in `number`): the id moves to `remote_jid`; the number becomes the
 *   phone the visitor typed in the widget (custom field "phone", digits, at least 8) unless another
 *   webchat contact of the company already has it (the oldest visitor of a phone takes it; the
 *   others keep the phone as their "phone" field), else ''. A phone that became the number leaves
 *   the custom fields. A webchat contact whose number is no visitor id (typed by hand) stays as is.
 *
 * Idempotent (rows already carrying a `remote_jid` are left alone), so a test can run it again over
 * rows written the old way.
 */
const VISITOR_ID = '^v[0-9a-f]{31}$';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE contacts SET remote_jid = number, number = '' WHERE channel IN ('facebook', 'instagram', 'telegram') AND remote_jid IS NULL AND number <> ''`);
  await knex.raw(
    `UPDATE contacts SET remote_jid = number, number = ''
      WHERE channel = 'webchat' AND remote_jid IS NULL AND number ~ ?`,
    [VISITOR_ID],
  );
  await knex.raw(
    `WITH phones AS (
       SELECT DISTINCT ON (c.id) c.id, c.company_id, regexp_replace(f.value, '\\D', '', 'g') AS digits
         FROM contacts c JOIN contact_custom_fields f ON f.contact_id = c.id AND f.name = 'phone'
        WHERE c.channel = 'webchat' AND c.number = '' AND c.remote_jid ~ ?
        ORDER BY c.id, f.id DESC
     ), chosen AS (
       SELECT DISTINCT ON (p.company_id, p.digits) p.id, p.digits
         FROM phones p
        WHERE length(p.digits) BETWEEN 8 AND 100
          AND NOT EXISTS (SELECT 1 FROM contacts o WHERE o.company_id = p.company_id AND o.channel = 'webchat' AND o.number = p.digits)
        ORDER BY p.company_id, p.digits, p.id
     )
     UPDATE contacts SET number = chosen.digits, updated_at = now() FROM chosen WHERE contacts.id = chosen.id`,
    [VISITOR_ID],
  );
  await knex.raw(
    `DELETE FROM contact_custom_fields f USING contacts c
      WHERE f.contact_id = c.id AND f.name = 'phone' AND c.channel = 'webchat' AND c.remote_jid ~ ?
        AND c.number <> '' AND regexp_replace(f.value, '\\D', '', 'g') = c.number`,
    [VISITOR_ID],
  );
  await knex.raw(
    'CREATE UNIQUE INDEX IF NOT EXISTS contacts_company_channel_remote_jid_unique ON contacts (company_id, channel, remote_jid) WHERE remote_jid IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS contacts_company_channel_remote_jid_unique');
  await knex.raw(
    `INSERT INTO contact_custom_fields (company_id, contact_id, name, value)
     SELECT c.company_id, c.id, 'phone', c.number FROM contacts c
      WHERE c.channel = 'webchat' AND c.remote_jid ~ ? AND c.number <> ''
        AND NOT EXISTS (SELECT 1 FROM contact_custom_fields f WHERE f.contact_id = c.id AND f.name = 'phone')`,
    [VISITOR_ID],
  );
  await knex.raw(`UPDATE contacts SET number = remote_jid, remote_jid = NULL WHERE channel = 'webchat' AND remote_jid ~ ?`, [VISITOR_ID]);
  await knex.raw(`UPDATE contacts SET number = remote_jid, remote_jid = NULL WHERE channel IN ('facebook', 'instagram', 'telegram') AND number = '' AND remote_jid IS NOT NULL`);
}
