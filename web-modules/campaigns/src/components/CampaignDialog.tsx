import { Button, Checkbox, DialogBody, FileInput, FormGroup, HTMLSelect, InputGroup, Intent, Menu, MenuItem, Popover, Tab, Tabs, TextArea } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { useState } from 'react';
import { CLOUD_CHANNEL } from '@guiche/contracts';
import { chooseCloudTemplate, CloudTemplateFields, Dialog, useSession, fieldError, fieldIntent, FormDialogFooter, showSubmitError, TextField, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import { MESSAGE_SLOTS, type Campaign, type CampaignInput } from '../api/campaigns-api';
import { useAllContactLists, useConnections, useFlows, useSettings, useTags } from '../hooks/useCampaigns';
import { NS } from '../i18n/register';
import { campaignFormSchema, campaignFormValues, isEditable, toInput, type CampaignFormValues } from '../lib/campaign-form';

/** inbox.md §9 message variables, offered beside the contact and custom ones. */
const MESSAGE_VARIABLES = ['firstName', 'name', 'userName', 'ms', 'protocol', 'date', 'hour', 'ticket_id', 'queue', 'connection'] as const;

interface Props {
  isOpen: boolean;
  campaign?: Campaign;
  onSubmit(input: CampaignInput, file: File | null): Promise<Campaign>;
  onCancelCampaign(c: Campaign): Promise<unknown>;
  onRestart(c: Campaign): Promise<unknown>;
  onRemoveMedia(c: Campaign): Promise<unknown>;
  onClose(): void;
}

/** The campaign dialog (outreach-config.md §2, §4, §5): new / update / read-only by the editability rule. */
export function CampaignDialog({ isOpen, campaign, onSubmit, onCancelCampaign, onRestart, onRemoveMedia, onClose }: Props) {
  const { t } = useTranslation(NS);
  const lists = useAllContactLists();
  const tags = useTags();
  const connections = useConnections();
  const settings = useSettings();
  const withFlows = !!useSession().planFlags.useFlowBuilder;
  const flows = useFlows(withFlows && isOpen);
  const [file, setFile] = useState<File | null>(null);
  const [tab, setTab] = useState(1);
  const editable = isEditable(campaign);
  const form = useFormik<CampaignFormValues>({
    initialValues: campaignFormValues(campaign),
    enableReinitialize: true,
    validate: zodFormikValidate<CampaignFormValues>(campaignFormSchema),
    onSubmit: async (values, helpers) => {
      try {
        // A template only goes with a Cloud API connection chosen.
        const hasCloud = (connections.data ?? []).some((c) => c.channel === CLOUD_CHANNEL && values.whatsappIds.includes(c.id));
        await onSubmit(toInput(hasCloud ? values : { ...values, templateKey: '' }), file);
        toastSuccess(t('dialog.saved'));
        onClose();
      } catch (err) {
        showSubmitError(err, helpers.setErrors);
      }
    },
  });
  const connError = fieldError(form, 'whatsappIds');
  const title = !campaign ? t('dialog.newTitle') : editable ? t('dialog.editTitle') : t('dialog.readOnlyTitle');
  const variables = ['{nome}', '{numero}', '{email}', ...(settings.data?.variables ?? []).map((v) => `{${v.key}}`), ...MESSAGE_VARIABLES.map((v) => `{{${v}}}`)];
  const insert = (field: 'messages' | 'confirmationMessages', i: number, text: string) => void form.setFieldValue(`${field}.${i}`, `${form.values[field][i] ?? ''}${text}`);
  const cloud = (connections.data ?? []).filter((c) => c.channel === CLOUD_CHANNEL && form.values.whatsappIds.includes(c.id));
  const contactPlaceholders = ['{nome}', '{numero}', '{email}', ...(settings.data?.variables ?? []).map((v) => `{${v.key}}`)];

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onOpening={() => {
        form.resetForm();
        setFile(null);
        setTab(1);
      }}
      title={title}
      icon="send-message"
      style={{ width: 720, maxWidth: '95vw' }}
    >
      <form onSubmit={form.handleSubmit} noValidate data-testid="campaign-dialog">
        <DialogBody>
          <fieldset disabled={!editable} className="cp-fieldset">
            <div className="cp-row">
              <TextField form={form} name="name" id="campaign-name" label={t('dialog.name')} required autoFocus />
              <FormGroup label={t('dialog.confirmation')} labelFor="campaign-confirmation">
                <HTMLSelect id="campaign-confirmation" value={form.values.confirmation ? 'true' : 'false'} onChange={(e) => void form.setFieldValue('confirmation', e.currentTarget.value === 'true')}>
                  <option value="false">{t('confirmation.off')}</option>
                  <option value="true">{t('confirmation.on')}</option>
                </HTMLSelect>
              </FormGroup>
            </div>
            <div className="cp-row">
              <FormGroup label={t('dialog.contactList')} labelFor="campaign-list">
                <HTMLSelect id="campaign-list" name="contactListId" fill value={form.values.contactListId} onChange={form.handleChange}>
                  <option value="">{t('dialog.none')}</option>
                  {(lists.data ?? []).map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
              <FormGroup label={t('dialog.tagList')} labelFor="campaign-tag">
                <HTMLSelect id="campaign-tag" name="tagListId" fill value={form.values.tagListId} onChange={form.handleChange}>
                  <option value="">{t('dialog.none')}</option>
                  {(tags.data ?? []).map((tg) => (
                    <option key={tg.id} value={tg.id}>
                      {tg.name}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            </div>
            <div className="cp-row">
              <FormGroup label={t('dialog.connections')} labelInfo="*" intent={fieldIntent(connError)} helperText={connError} className="cp-connections">
                <div data-testid="campaign-connections">
                  {(connections.data ?? []).map((c) => (
                    <Checkbox
                      key={c.id}
                      inline
                      label={c.name}
                      checked={form.values.whatsappIds.includes(c.id)}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        void form.setFieldValue('whatsappIds', on ? [...form.values.whatsappIds, c.id] : form.values.whatsappIds.filter((id) => id !== c.id));
                        void form.setFieldTouched('whatsappIds', true, false);
                      }}
                    />
                  ))}
                </div>
              </FormGroup>
              <FormGroup label={t('dialog.scheduledAt')} labelFor="campaign-scheduled-at">
                <InputGroup type="datetime-local" id="campaign-scheduled-at" name="scheduledAt" step={1} value={form.values.scheduledAt} onChange={form.handleChange} />
              </FormGroup>
            </div>
            {withFlows && (
              <FormGroup label={t('dialog.replyFlow')} labelFor="campaign-flow" helperText={t('dialog.replyFlowHelp')}>
                <HTMLSelect id="campaign-flow" name="flowId" fill value={form.values.flowId} onChange={form.handleChange} data-testid="campaign-flow">
                  <option value="">{t('dialog.none')}</option>
                  {(flows.data ?? [])
                    .filter((f) => f.liveVersionId || String(f.id) === form.values.flowId)
                    .map((f) => (
                      <option key={f.id} value={f.id}>
                        {f.name}
                      </option>
                    ))}
                </HTMLSelect>
              </FormGroup>
            )}
            {cloud.length > 0 && (
              <CloudTemplateFields
                idPrefix="campaign-template"
                connectionId={cloud[0]!.id}
                explain={t('template.explain', { connections: cloud.map((c) => c.name).join(', ') })}
                noneLabel={t('template.none')}
                templateKey={form.values.templateKey}
                values={form.values.templateVariables}
                placeholders={contactPlaceholders}
                disabled={!editable}
                onChange={(key, values) => void form.setValues({ ...form.values, ...chooseCloudTemplate(form.values, key, values) })}
                extras={form.values.templateExtras}
                onExtrasChange={(extras) => void form.setFieldValue('templateExtras', extras)}
              />
            )}
            <Tabs id="campaign-messages" selectedTabId={tab} onChange={(id) => setTab(Number(id))}>
              {MESSAGE_SLOTS.map((n, i) => (
                <Tab
                  key={n}
                  id={n}
                  title={t('dialog.message', { n })}
                  panel={
                    <div className="cp-message">
                      <FormGroup label={t('dialog.messageLabel')} labelFor={`campaign-message-${n}`} helperText={t('dialog.helper')}>
                        <TextArea id={`campaign-message-${n}`} name={`messages.${i}`} fill rows={4} value={form.values.messages[i]} onChange={form.handleChange} data-testid={`campaign-message-${n}`} />
                      </FormGroup>
                      <Popover
                        content={
                          <Menu>
                            {variables.map((v) => (
                              <MenuItem key={v} text={v} onClick={() => insert('messages', i, v)} />
                            ))}
                          </Menu>
                        }
                      >
                        <Button size="small" icon="variable" text={t('dialog.variables')} disabled={!editable} />
                      </Popover>
                      {form.values.confirmation && (
                        <FormGroup label={t('dialog.confirmationMessage')} labelFor={`campaign-confirmation-${n}`}>
                          <TextArea id={`campaign-confirmation-${n}`} name={`confirmationMessages.${i}`} fill rows={3} value={form.values.confirmationMessages[i]} onChange={form.handleChange} />
                        </FormGroup>
                      )}
                    </div>
                  }
                />
              ))}
            </Tabs>
            <FormGroup label={t('dialog.media')} labelFor="campaign-media">
              {campaign?.mediaName && !file ? (
                <div className="cp-media" data-testid="campaign-media-name">
                  <span>{campaign.mediaName}</span>
                  {editable && <Button size="small" variant="minimal" icon="trash" aria-label={t('actions.removeMedia')} title={t('actions.removeMedia')} onClick={() => void onRemoveMedia(campaign)} />}
                </div>
              ) : (
                <FileInput fill text={file?.name ?? t('actions.attach')} buttonText={t('actions.attach')} inputProps={{ id: 'campaign-media', onChange: (e) => setFile(e.currentTarget.files?.[0] ?? null) }} />
              )}
            </FormGroup>
          </fieldset>
        </DialogBody>
        <div className="cp-dialog-actions">
          {campaign?.status === 'CANCELADA' && <Button icon="repeat" text={t('actions.restart')} onClick={() => void onRestart(campaign).then(onClose)} data-testid="campaign-dialog-restart" />}
          {campaign?.status === 'EM_ANDAMENTO' && <Button intent={Intent.DANGER} icon="stop" text={t('actions.cancelCampaign')} onClick={() => void onCancelCampaign(campaign).then(onClose)} data-testid="campaign-dialog-cancel" />}
        </div>
        {editable ? (
          <FormDialogFooter cancelLabel={t('actions.close')} saveLabel={campaign ? t('actions.update') : t('actions.save')} saving={form.isSubmitting} onCancel={onClose} saveTestId="campaign-save" />
        ) : (
          <div className="cp-dialog-actions">
            <Button text={t('actions.close')} onClick={onClose} />
          </div>
        )}
      </form>
    </Dialog>
  );
}
