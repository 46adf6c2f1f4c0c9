import { Button, ButtonGroup, Callout, Collapse, FormGroup, HTMLSelect, InputGroup, Intent, Spinner, Switch, Tag, TextArea } from '@blueprintjs/core';
import { useFormik } from 'formik';
import { createContext, useContext, useState, type KeyboardEvent } from 'react';
import { ConfirmDialog, errorText, serverValidationErrors, toastError, toastSuccess, useTranslation, zodFormikValidate } from '@guiche/web-sdk';
import type { NamedRecord } from '../api/chatbot-api.js';
import { useChatbotMutations, useChatbotNode } from '../hooks/useChatbot.js';
import { NS } from '../i18n/register.js';
import { canNest, CHATBOT_TYPES, TARGET_FIELDS, chatbotFormSchema, chatbotFormValues, chatbotPayload, countWithDescendants, sortOptions, TARGET_FIELD, type ChatbotFormValues, type ChatbotOption, type ChatbotParent, type ChatbotType } from '../lib/chatbot.js';
import './chatbot.css';

/** The choices of the option targets: users (attendent), queues, integrations, file lists. */
export interface ChatbotLookups {
  users: NamedRecord[];
  queues: NamedRecord[];
  integrations: NamedRecord[];
  files: NamedRecord[];
}

const Lookups = createContext<ChatbotLookups>({ users: [], queues: [], integrations: [], files: [] });

const LOOKUP_OF: Record<Exclude<ChatbotType, 'text'>, keyof ChatbotLookups> = { attendent: 'users', queue: 'queues', integration: 'integrations', file: 'files' };

interface Props {
  queueId: number;
  options: ChatbotOption[];
  lookups: ChatbotLookups;
}

/**
 * The chatbot options of a queue (outreach-config.md §2 Queues): one level per menu, each option
 * viewed or edited on its own and saved at once (POST/PUT /chatbot); a text option with a message
 * opens a deeper level; deleting an option deletes the options under it.
 */
export function ChatbotTree({ queueId, options, lookups }: Props) {
  return (
    <Lookups.Provider value={lookups}>
      <div className="cb-tree" data-testid="chatbot-tree" role="tree">
        <OptionLevel parent={{ queueId }} options={options} path="" />
      </div>
    </Lookups.Provider>
  );
}

function OptionLevel({ parent, options, path }: { parent: ChatbotParent; options: ChatbotOption[]; path: string }) {
  const { t } = useTranslation(NS);
  const [adding, setAdding] = useState(false);
  const sorted = sortOptions(options);
  return (
    <div className="cb-level" role="group" data-testid={`chatbot-level-${path || 'root'}`}>
      {sorted.map((option, index) => (
        <OptionNode key={option.id} option={option} parent={parent} path={`${path}${path ? '.' : ''}${index + 1}`} />
      ))}
      {adding ? (
        <OptionEditor parent={parent} path={`${path}${path ? '.' : ''}${sorted.length + 1}`} onDone={() => setAdding(false)} />
      ) : (
        <Button icon="add" variant="minimal" intent={Intent.PRIMARY} text={path ? t('chatbot.addInner') : t('chatbot.add')} onClick={() => setAdding(true)} data-testid={`chatbot-add-${path || 'root'}`} />
      )}
    </div>
  );
}

function OptionNode({ option, parent, path }: { option: ChatbotOption; parent: ChatbotParent; path: string }) {
  const { t } = useTranslation(NS);
  const lookups = useContext(Lookups);
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { remove } = useChatbotMutations(parent);
  const nests = canNest(option);
  const node = useChatbotNode(option.id, open && nests);
  const children = node.data?.options ?? option.options ?? [];
  const targetField = TARGET_FIELD[option.queueType];
  const targetName = targetField ? lookups[LOOKUP_OF[option.queueType as Exclude<ChatbotType, 'text'>]].find((r) => r.id === option[targetField])?.name : undefined;

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(option.id);
      toastSuccess(t('chatbot.deleted'));
      setConfirming(false);
    } catch (err) {
      toastError(err);
    }
  };

  if (editing) return <OptionEditor parent={parent} option={option} path={path} onDone={() => setEditing(false)} />;
  return (
    <div className="cb-node" role="treeitem" aria-expanded={nests ? open : undefined} data-testid={`chatbot-option-${path}`} data-option-id={option.id}>
      <div className="cb-node__row">
        <Button
          variant="minimal"
          size="small"
          icon={open ? 'chevron-down' : 'chevron-right'}
          disabled={!nests}
          aria-label={open ? t('chatbot.collapse', { name: option.name }) : t('chatbot.expand', { name: option.name })}
          title={nests ? undefined : t('chatbot.needsMessage')}
          onClick={() => setOpen((o) => !o)}
          data-testid={`chatbot-toggle-${path}`}
        />
        <span className="cb-node__number">{path.split('.').pop()}</span>
        <span className="cb-node__name">{option.name}</span>
        <Tag minimal>{t(`chatbot.types.${option.queueType}`)}</Tag>
        {targetName && <Tag minimal icon="arrow-right">{targetName}</Tag>}
        {option.closeTicket && <Tag minimal intent={Intent.WARNING}>{t('chatbot.closes')}</Tag>}
        <ButtonGroup variant="minimal" className="cb-node__actions">
          <Button icon="edit" aria-label={t('chatbot.edit', { name: option.name })} title={t('chatbot.edit', { name: option.name })} onClick={() => setEditing(true)} data-testid={`chatbot-edit-${path}`} />
          <Button icon="trash" intent={Intent.DANGER} aria-label={t('chatbot.delete', { name: option.name })} title={t('chatbot.delete', { name: option.name })} onClick={() => setConfirming(true)} data-testid={`chatbot-delete-${path}`} />
        </ButtonGroup>
      </div>
      {option.greetingMessage && <p className="cb-node__message">{option.greetingMessage}</p>}
      {nests && (
        <Collapse isOpen={open} keepChildrenMounted={false}>
          <div className="cb-node__children">
            {node.isPending ? <Spinner size={20} aria-label={t('dialog.loadingOptions')} /> : node.isError ? <Callout intent={Intent.DANGER} compact>{errorText(node.error)}</Callout> : <OptionLevel parent={{ parentId: option.id }} options={children} path={path} />}
          </div>
        </Collapse>
      )}
      <ConfirmDialog isOpen={confirming} loading={remove.isPending} title={t('chatbot.deleteTitle', { name: option.name })} confirmLabel={t('actions.delete')} onConfirm={() => void confirmDelete()} onClose={() => setConfirming(false)}>
        <p>{countWithDescendants({ options: children }) > 1 || canNest(option) ? t('chatbot.deleteWithInner') : t('chatbot.deleteMessage')}</p>
      </ConfirmDialog>
    </div>
  );
}

function OptionEditor({ parent, option, path, onDone }: { parent: ChatbotParent; option?: ChatbotOption; path: string; onDone(): void }) {
  const { t } = useTranslation(NS);
  const lookups = useContext(Lookups);
  const { save } = useChatbotMutations(parent);
  const form = useFormik<ChatbotFormValues>({
    initialValues: chatbotFormValues(option),
    validate: zodFormikValidate<ChatbotFormValues>(chatbotFormSchema),
    onSubmit: async (values, helpers) => {
      try {
        await save.mutateAsync({ id: option?.id ?? null, payload: chatbotPayload(values, option ? undefined : parent) });
        toastSuccess(t('chatbot.saved'));
        onDone();
      } catch (err) {
        // A refused field (e.g. the message of an option that has inner options) shows on its input.
        const fields = serverValidationErrors<Record<string, string>>(err);
        if (fields && Object.keys(fields).length) {
          const errors: Record<string, string> = {};
          for (const [field, message] of Object.entries(fields)) errors[(TARGET_FIELDS as readonly string[]).includes(field) ? 'target' : field] = String(message);
          helpers.setErrors(errors);
        } else toastError(err);
      }
    },
  });
  const error = (field: keyof ChatbotFormValues) => (form.touched[field] || form.submitCount > 0 ? (form.errors[field] as string | undefined) : undefined);
  const id = (field: string) => `chatbot-${path}-${field}`;
  // The editor lives inside the queue dialog's form: Enter saves the option, not the queue.
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void form.submitForm();
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      onDone();
    }
  };
  const targetField = TARGET_FIELD[form.values.queueType];
  const choices = form.values.queueType === 'text' ? [] : lookups[LOOKUP_OF[form.values.queueType]];
  const nameError = error('name');
  const targetError = error('target');
  const messageError = error('greetingMessage');

  return (
    <div className="cb-editor" data-testid={`chatbot-editor-${path}`} role="group" aria-label={option ? t('chatbot.edit', { name: option.name }) : t('chatbot.new')}>
      <div className="cb-editor__grid">
        <FormGroup label={t('chatbot.name')} labelFor={id('name')} labelInfo="*" intent={nameError ? Intent.DANGER : Intent.NONE} helperText={nameError}>
          <InputGroup id={id('name')} name="name" autoFocus value={form.values.name} onChange={form.handleChange} onBlur={form.handleBlur} onKeyDown={onEnter} intent={nameError ? Intent.DANGER : Intent.NONE} aria-invalid={!!nameError || undefined} />
        </FormGroup>
        <FormGroup label={t('chatbot.type')} labelFor={id('type')}>
          <HTMLSelect id={id('type')} fill value={form.values.queueType} onChange={(e) => void form.setValues({ ...form.values, queueType: e.currentTarget.value as ChatbotType, target: '' })}>
            {CHATBOT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`chatbot.types.${type}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {targetField && (
          <FormGroup label={t(`chatbot.targets.${form.values.queueType}`)} labelFor={id('target')} labelInfo="*" intent={targetError ? Intent.DANGER : Intent.NONE} helperText={targetError ?? (choices.length === 0 ? t(`chatbot.noTargets.${form.values.queueType}`) : undefined)}>
            <HTMLSelect id={id('target')} fill value={form.values.target} onChange={(e) => void form.setFieldValue('target', e.currentTarget.value)} onBlur={() => void form.setFieldTouched('target')}>
              <option value="">{t('chatbot.pick')}</option>
              {choices.map((r) => (
                <option key={r.id} value={String(r.id)}>
                  {r.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        )}
        <div className="cb-editor__switch">
          <Switch checked={form.values.closeTicket} label={t('chatbot.closeTicket')} onChange={(e) => void form.setFieldValue('closeTicket', e.currentTarget.checked)} />
        </div>
      </div>
      <FormGroup label={t('chatbot.message')} labelFor={id('message')} intent={messageError ? Intent.DANGER : Intent.NONE} helperText={messageError ?? (form.values.queueType === 'text' ? t('chatbot.messageHint') : undefined)}>
        <TextArea id={id('message')} name="greetingMessage" fill rows={3} value={form.values.greetingMessage} onChange={form.handleChange} onBlur={form.handleBlur} intent={messageError ? Intent.DANGER : Intent.NONE} />
      </FormGroup>
      <div className="cb-editor__buttons">
        <Button text={t('actions.cancel')} onClick={onDone} data-testid={`chatbot-cancel-${path}`} />
        <Button intent={Intent.PRIMARY} icon="tick" text={t('chatbot.save')} loading={form.isSubmitting} onClick={() => void form.submitForm()} data-testid={`chatbot-save-${path}`} />
      </div>
    </div>
  );
}
