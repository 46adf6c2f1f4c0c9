export { metaApp, type MetaApp } from './app.js';
export { loadPage, savePage, setPageError, pagesByMetaId, connectionOfPage, PAGES_TABLE, type MetaPage, type MessengerKind } from './pages.js';
export { parseMessagingEvent, type MessagingAction } from './parse.js';
export { processEntry, defineAttachmentRetries, scheduleAttachment, pageClient, mediaKindOf, webhookQueueOf } from './inbound.js';
export { registerMessengerWebhook } from './webhook.js';
export { createMessengerSession, ATTACHMENT_MAX_BYTES } from './session.js';
export { defineMessengerChannel, type MessengerChannelOptions } from './channel.js';
