import { useState } from 'react';
import { Intent } from '@blueprintjs/core';
import type { CompanyRow } from '@guiche/contracts';
import { ConfirmDialog, formatDate, ListPage, toastError, toastSuccess, useDeleteConfirmation, useListSearch, useTranslation } from '@guiche/web-sdk';
import { updateCompany } from '../api/companies-api.js';
import { CompaniesTable } from '../components/CompaniesTable.js';
import { CompanyDialog } from '../components/CompanyDialog.js';
import { DeletionsNotice } from '../components/DeletionsNotice.js';
import { useCompanies, useCompanyMutations } from '../hooks/useCompanies.js';
import { useCompanyDeletions } from '../hooks/useCompanyDeletions.js';
import { NS } from '../i18n/register.js';
import { advancedDueDate } from '../lib/company-form.js';
import '../companies.css';

/** /companies (account-admin.md §2): super users only — the shell's route rule shows anyone else "Acesso restrito". */
export default function CompaniesPage() {
  return <CompaniesList />;
}

type FormState = { company: CompanyRow | null } | null;

function CompaniesList() {
  const { t } = useTranslation(NS);
  const search = useListSearch();
  const list = useCompanies(search.debounced);
  const deletions = useCompanyDeletions();
  const { remove } = useCompanyMutations();
  const [form, setForm] = useState<FormState>(null);
  const [advancing, setAdvancing] = useState<number | null>(null);
  // Advancing the due date changes the customer's billing: it is asked first, never done in one click.
  const [advanceAsked, setAdvanceAsked] = useState<CompanyRow | null>(null);
  const deletion = useDeleteConfirmation((company: CompanyRow) => {
    deletions.started(company);
    return remove.mutateAsync(company.id);
  }, t('remove.done'));

  async function advance(company: CompanyRow) {
    const dueDate = advancedDueDate(company);
    setAdvanceAsked(null);
    setAdvancing(company.id);
    try {
      await updateCompany(company.id, { dueDate });
      await list.refetch();
      toastSuccess(t('advance.done', { date: formatDate(dueDate) }));
    } catch {
      toastError(t('advance.error'));
    } finally {
      setAdvancing(null);
    }
  }

  return (
    <ListPage
      ns={NS}
      testIds={{ page: 'companies-page', search: 'companies-search', add: 'companies-add', scroll: 'companies-scroll' }}
      list={list}
      rows={list.items.length}
      search={search}
      addIcon="add"
      onAdd={() => setForm({ company: null })}
      emptyIcon="office"
      deletion={deletion}
      notice={<DeletionsNotice deletions={deletions.items} />}
      dialogs={
        <>
          {form && <CompanyDialog company={form.company} onClose={() => setForm(null)} />}
          <ConfirmDialog
            isOpen={advanceAsked !== null}
            title={t('advance.confirmTitle')}
            intent={Intent.WARNING}
            confirmLabel={t('advance.confirmButton')}
            onConfirm={() => advanceAsked && void advance(advanceAsked)}
            onClose={() => setAdvanceAsked(null)}
          >
            {advanceAsked && <p data-testid="company-advance-question">{t('advance.confirm', { company: advanceAsked.name, from: advanceAsked.dueDate ? formatDate(advanceAsked.dueDate) : '—', to: formatDate(advancedDueDate(advanceAsked)) })}</p>}
          </ConfirmDialog>
        </>
      }
    >
      <CompaniesTable companies={list.items} onEdit={(company) => setForm({ company })} onDelete={deletion.ask} onAdvance={setAdvanceAsked} advancing={advancing} />
    </ListPage>
  );
}
