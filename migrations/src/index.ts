import type { Knex } from 'knex';
import * as plansCompanies from './20261121000000_plans_companies.js';
import * as usersQueues from './20261121000100_users_queues.js';
import * as settingsTokens from './20261121000200_settings_tokens.js';
import * as connections from './20261121001000_connections.js';
import * as contactsTags from './20261121001100_contacts_tags.js';
import * as queueDetails from './20261121001200_queue_details.js';
import * as ticketsMessages from './20261121002000_tickets_messages.js';
import * as quickMessages from './20261121002100_quick_messages.js';
import * as channelAuthState from './20261121002200_channel_auth_state.js';
import * as ticketRatings from './20261121003000_ticket_ratings.js';
import * as ticketListVisibility from './20261122001000_ticket_list_visibility.js';
import * as timedWork from './20261123000100_timed_work.js';
import * as chatbotsFiles from './20261123020000_chatbots_files.js';
import * as ticketMetrics from './20261123040000_ticket_metrics.js';
import * as passwordRecoveries from './20261126000000_password_recoveries.js';
import * as companyDeletion from './20261126000100_company_deletion.js';
import * as helps from './20261126000200_helps.js';
import * as announcements from './20261126000300_announcements.js';
import * as invoices from './20261126100000_invoices.js';
import * as messagesByContact from './20261126200000_messages_by_contact.js';
import * as recoverySendToken from './20261126300000_recovery_send_token.js';
import * as companyLimits from './20261126300100_company_limits.js';
import * as invoiceCustomPlan from './20261127000000_invoice_custom_plan.js';
import * as ticketDaily from './20261127150000_ticket_daily.js';
import * as planUseTelegram from './20261127180000_plan_use_telegram.js';
import * as planPluginFlags from './20261128160000_plan_plugin_flags.js';
import * as closingReasons from './20261127210000_closing_reasons.js';
import * as planUseFlowBuilder from './20261127210000_plan_use_flow_builder.js';
import * as ticketConversationHandler from './20261127210100_ticket_conversation_handler.js';
import * as auditLogs from './20261127220000_audit_logs.js';
import * as connectionAlerts from './20261127213000_connection_alerts.js';
import * as contactMerges from './20261127210000_contact_merges.js';
import * as contactWalletsBirthdays from './20261127210000_contact_wallets_birthdays.js';
import * as birthdayTemplates from './20261128160000_birthday_templates.js';
import * as sla from './20261128010000_sla.js';
import * as messageTranscript from './20261127220000_message_transcript.js';
import * as slaDaily from './20261128150000_sla_daily.js';
import * as slaBusinessSeconds from './20261128160000_sla_business_seconds.js';
import * as contactPeerIds from './20261128160000_contact_peer_ids.js';

export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** The core schema, in the order it is applied. Add new migrations at the end. */
export const coreMigrations: Record<string, Migration> = {
  '20261121000000_plans_companies': plansCompanies,
  '20261121000100_users_queues': usersQueues,
  '20261121000200_settings_tokens': settingsTokens,
  '20261121001000_connections': connections,
  '20261121001100_contacts_tags': contactsTags,
  '20261121001200_queue_details': queueDetails,
  '20261121002000_tickets_messages': ticketsMessages,
  '20261121002100_quick_messages': quickMessages,
  '20261121002200_channel_auth_state': channelAuthState,
  '20261121003000_ticket_ratings': ticketRatings,
  '20261122001000_ticket_list_visibility': ticketListVisibility,
  '20261123000100_timed_work': timedWork,
  '20261123020000_chatbots_files': chatbotsFiles,
  '20261123040000_ticket_metrics': ticketMetrics,
  '20261126000000_password_recoveries': passwordRecoveries,
  '20261126000100_company_deletion': companyDeletion,
  '20261126000200_helps': helps,
  '20261126000300_announcements': announcements,
  '20261126100000_invoices': invoices,
  '20261126200000_messages_by_contact': messagesByContact,
  '20261126300000_recovery_send_token': recoverySendToken,
  '20261126300100_company_limits': companyLimits,
  '20261127000000_invoice_custom_plan': invoiceCustomPlan,
  '20261127150000_ticket_daily': ticketDaily,
  '20261127180000_plan_use_telegram': planUseTelegram,
  '20261127210000_closing_reasons': closingReasons,
  '20261127210000_plan_use_flow_builder': planUseFlowBuilder,
  '20261127210100_ticket_conversation_handler': ticketConversationHandler,
  '20261127220000_audit_logs': auditLogs,
  '20261127213000_connection_alerts': connectionAlerts,
  '20261127210000_contact_merges': contactMerges,
  '20261127210000_contact_wallets_birthdays': contactWalletsBirthdays,
  '20261127220000_message_transcript': messageTranscript,
  '20261128010000_sla': sla,
  '20261128150000_sla_daily': slaDaily,
  '20261128160000_sla_business_seconds': slaBusinessSeconds,
  '20261128160000_plan_plugin_flags': planPluginFlags,
  '20261128160000_contact_peer_ids': contactPeerIds,
  '20261128160000_birthday_templates': birthdayTemplates,
};
