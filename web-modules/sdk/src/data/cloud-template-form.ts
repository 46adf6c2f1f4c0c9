import { templateExtrasOf, templateExtrasParams, type TemplateExtras, type TemplateExtrasParams } from '@guiche/contracts';
import { cloudTemplateKey, parseCloudTemplateKey } from './useCloudTemplates.js';

/** How a dialog holds a Cloud API template send: the picker's key ('' = none), the body's values and the extras. */
export interface CloudTemplateFormValues {
  templateKey: string;
  templateVariables: string[];
  /** The header variable, header file address and URL buttons' suffixes (issue #29). */
  templateExtras: TemplateExtras;
}

/** A stored template send (campaign, schedule, on-call, birthday) as the API returns it. */
export type StoredCloudTemplate = { name: string; language: string; variables?: string[] | null } & Partial<{
  headerParameters: string[] | null;
  headerMedia: string | null;
  buttonParameters: string[] | null;
}>;

/** The dialog's fields for a stored template send (none: no template chosen). */
export function cloudTemplateFormValues(template: StoredCloudTemplate | null | undefined): CloudTemplateFormValues {
  return {
    templateKey: template ? cloudTemplateKey(template) : '',
    templateVariables: template?.variables ?? [],
    templateExtras: templateExtrasOf(template ?? {}),
  };
}

/** The picker's choice (CloudTemplateFields' onChange): another template starts without extras, the same one keeps them. */
export function chooseCloudTemplate(current: Pick<CloudTemplateFormValues, 'templateKey' | 'templateExtras'>, templateKey: string, templateVariables: string[]): CloudTemplateFormValues {
  return { templateKey, templateVariables, templateExtras: templateKey === current.templateKey ? current.templateExtras : {} };
}

/** What the dialog sends: name, language, variables and the extras that hold something; null when no template is chosen. */
export function cloudTemplateInput(values: CloudTemplateFormValues): ({ name: string; language: string; variables: string[] } & TemplateExtrasParams) | null {
  if (!values.templateKey) return null;
  return { ...parseCloudTemplateKey(values.templateKey), variables: values.templateVariables, ...templateExtrasParams(values.templateExtras) };
}
