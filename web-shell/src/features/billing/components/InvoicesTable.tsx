import { Button, Intent, Tag } from '@blueprintjs/core';
import type { Invoice } from '@guiche/contracts';
import { formatCurrency, formatDate, ListTable, useTranslation } from '@guiche/web-sdk';
import { NS } from '../i18n/register.js';
import { invoiceDisplay } from '../lib/invoice-status.js';

const COLUMNS = [
  ['table.detail'],
  ['table.users', 'cx-center'],
  ['table.connections', 'cx-center'],
  ['table.queues', 'cx-center'],
  ['table.value'],
  ['table.dueDate'],
  ['table.status'],
  ['table.action', 'cx-actions'],
] as const;

const STATUS_INTENT = { paid: Intent.SUCCESS, overdue: Intent.DANGER, open: Intent.WARNING } as const;

/** account-admin.md §2 Faturas: the columns, Pago / Vencido / Em Aberto, overdue rows highlighted, PAGAR on unpaid rows. */
export function InvoicesTable({ invoices, onPay }: { invoices: Invoice[]; onPay(invoice: Invoice): void }) {
  const { t } = useTranslation(NS);
  return (
    <ListTable ns={NS} testId="invoices-table" columns={COLUMNS}>
      {invoices.map((invoice) => {
        const display = invoiceDisplay(invoice);
        return (
          <tr key={invoice.id} data-testid="invoice-row" data-invoice-id={invoice.id} data-status={display} className={display === 'overdue' ? 'invoice-overdue' : undefined}>
            <td>{invoice.detail}</td>
            <td className="cx-center">{invoice.users}</td>
            <td className="cx-center">{invoice.connections}</td>
            <td className="cx-center">{invoice.queues}</td>
            <td>{formatCurrency(invoice.value)}</td>
            <td>{formatDate(invoice.dueDate)}</td>
            <td>
              <Tag minimal intent={STATUS_INTENT[display]} data-testid="invoice-status">
                {t(`status.${display}`)}
              </Tag>
            </td>
            <td className="cx-actions">
              {display === 'paid' ? (
                <Tag minimal intent={Intent.SUCCESS}>{t('actions.paid')}</Tag>
              ) : (
                <Button small intent={Intent.PRIMARY} text={t('actions.pay')} onClick={() => onPay(invoice)} data-testid="invoice-pay" />
              )}
            </td>
          </tr>
        );
      })}
    </ListTable>
  );
}
