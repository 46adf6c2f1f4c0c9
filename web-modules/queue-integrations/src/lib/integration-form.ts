import { z } from 'zod';
import { IntegrationDefaults, integrationNameSchema, V, type DialogflowLanguage, type IntegrationFields, type IntegrationType, type QueueIntegration } from '@guiche/contracts';

/** The dialog's values: what the inputs hold (numbers as typed text). */
export interface IntegrationFormValues {
  type: IntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: DialogflowLanguage;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotDelayMessage: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
}

/**
 * What the dialog checks before sending: the name, by the plugin's own rule (blank reads as
 * required). The per-type fields are checked by the server with the same contract and shown on
 * their fields from its 400 answer.
 */
export const integrationFormSchema = z.object({
  name: z.string().trim().min(1, V.required).pipe(integrationNameSchema),
});

export function integrationFormValues(i?: QueueIntegration): IntegrationFormValues {
  return {
    type: i?.type ?? IntegrationDefaults.type,
    name: i?.name ?? '',
    projectName: i?.projectName ?? '',
    jsonContent: i?.jsonContent ?? '',
    language: i?.language ?? IntegrationDefaults.language,
    urlN8N: i?.urlN8N ?? '',
    typebotSlug: i?.typebotSlug ?? '',
    typebotExpires: String(i?.typebotExpires ?? IntegrationDefaults.typebotExpires),
    typebotDelayMessage: String(i?.typebotDelayMessage ?? IntegrationDefaults.typebotDelayMessage),
    typebotKeywordFinish: i?.typebotKeywordFinish ?? '',
    typebotKeywordRestart: i?.typebotKeywordRestart ?? '',
    typebotUnknownMessage: i?.typebotUnknownMessage ?? '',
    typebotRestartMessage: i?.typebotRestartMessage ?? '',
  };
}

const orNull = (v: string) => (v.trim() ? v : null);

/** The request body (the contract's fields): only what the chosen type uses. */
export function integrationPayload(v: IntegrationFormValues): IntegrationFields {
  return {
    type: v.type,
    name: v.name.trim(),
    projectName: v.type === 'dialogflow' ? v.projectName.trim() : v.name.trim(),
    jsonContent: v.type === 'dialogflow' ? orNull(v.jsonContent) : null,
    language: v.type === 'dialogflow' ? v.language : null,
    urlN8N: v.type === 'dialogflow' ? null : orNull(v.urlN8N.trim()),
    typebotSlug: v.type === 'typebot' ? orNull(v.typebotSlug.trim()) : null,
    typebotExpires: Number(v.typebotExpires) || 0,
    typebotDelayMessage: Number(v.typebotDelayMessage) || 0,
    typebotKeywordFinish: orNull(v.typebotKeywordFinish),
    typebotKeywordRestart: orNull(v.typebotKeywordRestart),
    typebotUnknownMessage: orNull(v.typebotUnknownMessage),
    typebotRestartMessage: orNull(v.typebotRestartMessage),
  };
}
