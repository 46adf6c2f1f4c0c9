import type { ChannelTemplates } from '@guiche/core';
import { approvedTemplateSend, CUSTOMER_WINDOW_MS } from '@guiche/meta-graph';

/**
 * The Cloud API's answer to core's template port (ChannelDefinition.templates): free text within 24 h
 * of the contact's last message, else one of the connection's approved stored templates, checked
 * here against this plugin's table (core's birthday greeting asks it; core never reads the table).
 */
export const CLOUD_WINDOW_TEMPLATES: ChannelTemplates = {
  windowOpen: (lastInboundAt, now) => lastInboundAt !== null && now.getTime() - lastInboundAt.getTime() < CUSTOMER_WINDOW_MS,
  async approved(db, connectionId, choice) {
    const { template, body } = await approvedTemplateSend(db, connectionId, choice);
    return { template, body };
  },
};
