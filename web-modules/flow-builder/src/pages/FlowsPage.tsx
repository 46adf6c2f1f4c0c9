import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { Dialog, ListPage, ListTable, RowActions, RowButton, saveBlob, toastError, toastSuccess, useDeleteConfirmation, useListSearch, useTranslation } from '@guiche/web-sdk';
import { flowExportSchema, type FlowSummary } from '@guiche/contracts';
import { exportFlow } from '../api';
import { useFlowMutations, useFlows } from '../hooks';
import { NS } from '../i18n/register';

/** /flowbuilder: search, create, open, duplicate, export, import and delete (with confirmation) flows. */
export default function FlowsPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const search = useListSearch();
  const list = useFlows(search.debounced);
  const mutations = useFlowMutations();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const deletion = useDeleteConfirmation((f: FlowSummary) => mutations.remove.mutateAsync(f.id), t('remove.done'));

  const create = async () => {
    try {
      const flow = await mutations.create.mutateAsync(name);
      toastSuccess(t('create.done'));
      setCreating(false);
      navigate(`/flowbuilder/${flow.id}`);
    } catch (err) {
      toastError(err);
    }
  };
  const download = async (flow: FlowSummary) => {
    const body = await exportFlow(flow.id);
    saveBlob(new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' }), `${flow.name}.json`);
  };
  const upload = async (file: File) => {
    let parsed: unknown;
    try {
      parsed = flowExportSchema.parse(JSON.parse(await file.text()));
    } catch {
      toastError(t('importInvalid'));
      return;
    }
    try {
      await mutations.importFlow.mutateAsync(parsed);
      toastSuccess(t('imported'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <ListPage
      ns={NS}
      testIds={{ page: 'flows-page', search: 'flows-search', add: 'flows-add' }}
      list={list}
      rows={list.items.length}
      search={search}
      onAdd={() => {
        setName('');
        setCreating(true);
      }}
      emptyIcon="flow-linear"
      deletion={deletion}
      deleteName={(f) => f.name}
      toolbar={
        <>
          <Button icon="import" text={t('actions.import')} onClick={() => fileInput.current?.click()} data-testid="flows-import" />
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            hidden
            data-testid="flows-import-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
          />
        </>
      }
      dialogs={
        <Dialog isOpen={creating} title={t('create.title')} onClose={() => setCreating(false)}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void create();
            }}
          >
            <DialogBody>
              <FormGroup label={t('create.name')} labelFor="flow-name">
                <InputGroup id="flow-name" autoFocus value={name} onValueChange={setName} data-testid="flow-name" />
              </FormGroup>
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text={t('actions.cancel')} onClick={() => setCreating(false)} />
                  <Button type="submit" intent="primary" text={t('actions.create')} loading={mutations.create.isPending} disabled={!name.trim()} data-testid="flow-create" />
                </>
              }
            />
          </form>
        </Dialog>
      }
    >
      <ListTable ns={NS} testId="flows-table" columns={[['table.name'], ['table.live'], ['table.actions', 'cx-actions']]}>
        {list.items.map((f) => (
          <tr key={f.id} data-testid="flow-row" data-flow-id={f.id}>
            <td>
              <a href={`/flowbuilder/${f.id}`} onClick={(e) => (e.preventDefault(), navigate(`/flowbuilder/${f.id}`))}>
                {f.name}
              </a>
            </td>
            <td>{f.liveVersion ? t('editor.version', { number: f.liveVersion }) : t('table.never')}</td>
            <RowActions className="cx-actions" label={t('table.rowActions', { name: f.name })} editLabel={t('actions.open')} deleteLabel={t('actions.delete')} onEdit={() => navigate(`/flowbuilder/${f.id}`)} onDelete={() => deletion.ask(f)} testIdPrefix="flow">
              <RowButton icon="duplicate" label={t('actions.duplicate')} onClick={() => void mutations.duplicate.mutateAsync({ id: f.id, name: t('copyOf', { name: f.name }).slice(0, 100) }).then(() => toastSuccess(t('duplicated')), toastError)} testId="flow-duplicate" />
              <RowButton icon="export" label={t('actions.export')} onClick={() => void download(f).catch(toastError)} testId="flow-export" />
            </RowActions>
          </tr>
        ))}
      </ListTable>
    </ListPage>
  );
}
