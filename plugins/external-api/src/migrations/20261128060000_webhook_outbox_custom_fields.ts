import type { Knex } from 'knex';

/**
 * A contact's custom fields (contact_custom_fields, the "extra info" of the contact's dialog) are
 * part of the contact the webhooks send: an edit of them alone is a `contact.updated` too, so it
 * writes its outbox row in the edit's own transaction like any change of the contacts row. A field
 * removed because its contact or company is being deleted (the cascade) writes nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION webhook_outbox_capture_custom_field() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      field contact_custom_fields%ROWTYPE;
    BEGIN
      IF TG_OP = 'DELETE' THEN field := OLD; ELSE field := NEW; END IF;
      IF NOT EXISTS (SELECT 1 FROM webhook_subscriptions s WHERE s.company_id = field.company_id AND s.enabled)
         OR NOT EXISTS (SELECT 1 FROM contacts c WHERE c.id = field.contact_id)
         OR NOT EXISTS (SELECT 1 FROM companies c WHERE c.id = field.company_id) THEN
        RETURN NULL;
      END IF;
      IF TG_OP = 'UPDATE' AND (NEW.name, NEW.value) IS NOT DISTINCT FROM (OLD.name, OLD.value) THEN
        RETURN NULL;
      END IF;
      INSERT INTO webhook_outbox (company_id, type, resource_id) VALUES (field.company_id, 'contact.updated', field.contact_id);
      RETURN NULL;
    END $$`);
  await knex.raw(
    'CREATE TRIGGER webhook_outbox_contact_custom_fields AFTER INSERT OR UPDATE OR DELETE ON contact_custom_fields FOR EACH ROW EXECUTE FUNCTION webhook_outbox_capture_custom_field()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS webhook_outbox_contact_custom_fields ON contact_custom_fields');
  await knex.raw('DROP FUNCTION IF EXISTS webhook_outbox_capture_custom_field()');
}
