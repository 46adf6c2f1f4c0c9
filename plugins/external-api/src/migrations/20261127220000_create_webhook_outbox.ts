import type { Knex } from 'knex';

/**
 * The webhook outbox (issue #29): a row per message, ticket and contact change of a company with an
 * enabled subscription, written by triggers in the same transaction as the change. The relay
 * (webhooks/outbox-relay.ts) files what the bus never announced (a node killed between commit and
 * publish), so no event is lost. Companies without subscriptions pay one index lookup
 * (webhook_subscriptions.company_id) per write.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_outbox', (t) => {
    t.bigIncrements('id');
    t.integer('company_id').notNullable().references('id').inTable('companies').onDelete('CASCADE');
    /** message.created, message.ack, ticket.created, ticket.changed (status, queue or user), contact.created, contact.updated. */
    t.string('type', 40).notNullable();
    t.bigInteger('resource_id').notNullable();
    t.integer('ticket_id');
    t.smallint('ack');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    CREATE FUNCTION webhook_outbox_capture() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.company_id = NEW.company_id AND s.enabled) THEN
        RETURN NULL;
      END IF;
      IF TG_TABLE_NAME = 'messages' THEN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO webhook_outbox (company_id, type, resource_id, ticket_id, ack) VALUES (NEW.company_id, 'message.created', NEW.id, NEW.ticket_id, NEW.ack);
        ELSIF NEW.ack > OLD.ack THEN
          INSERT INTO webhook_outbox (company_id, type, resource_id, ticket_id, ack) VALUES (NEW.company_id, 'message.ack', NEW.id, NEW.ticket_id, NEW.ack);
        END IF;
      ELSIF TG_TABLE_NAME = 'tickets' THEN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO webhook_outbox (company_id, type, resource_id, ticket_id) VALUES (NEW.company_id, 'ticket.created', NEW.id, NEW.id);
        ELSIF (NEW.status, NEW.queue_id, NEW.user_id) IS DISTINCT FROM (OLD.status, OLD.queue_id, OLD.user_id) THEN
          INSERT INTO webhook_outbox (company_id, type, resource_id, ticket_id) VALUES (NEW.company_id, 'ticket.changed', NEW.id, NEW.id);
        END IF;
      ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO webhook_outbox (company_id, type, resource_id) VALUES (NEW.company_id, 'contact.created', NEW.id);
      -- A message's arrival stamps the contact's last_message_at: that is not an edit of the contact.
      ELSIF (to_jsonb(NEW) - 'last_message_at' - 'updated_at') IS DISTINCT FROM (to_jsonb(OLD) - 'last_message_at' - 'updated_at') THEN
        INSERT INTO webhook_outbox (company_id, type, resource_id) VALUES (NEW.company_id, 'contact.updated', NEW.id);
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw('CREATE TRIGGER webhook_outbox_messages AFTER INSERT OR UPDATE OF ack ON messages FOR EACH ROW EXECUTE FUNCTION webhook_outbox_capture()');
  await knex.raw('CREATE TRIGGER webhook_outbox_tickets AFTER INSERT OR UPDATE OF status, queue_id, user_id ON tickets FOR EACH ROW EXECUTE FUNCTION webhook_outbox_capture()');
  await knex.raw('CREATE TRIGGER webhook_outbox_contacts AFTER INSERT OR UPDATE ON contacts FOR EACH ROW EXECUTE FUNCTION webhook_outbox_capture()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS webhook_outbox_contacts ON contacts');
  await knex.raw('DROP TRIGGER IF EXISTS webhook_outbox_tickets ON tickets');
  await knex.raw('DROP TRIGGER IF EXISTS webhook_outbox_messages ON messages');
  await knex.raw('DROP FUNCTION IF EXISTS webhook_outbox_capture()');
  await knex.schema.dropTableIfExists('webhook_outbox');
}
