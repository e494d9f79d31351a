import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Printer } from 'lucide-react';
import { formatUsd } from '@shared/money';
import { ledgerMessages } from '@web/components/payment/ledger-messages';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { InspectionsSideBySide } from '@web/components/inspections/inspections-side-by-side';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { JobLines } from '@web/components/job-lines';
import { useCardName } from '@web/components/payment/saved-card-choice';
import { errorMessage } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { receiptQuery } from '../api';
import { formatDate, formatDateTime } from '../format';
import { PageHeader, SignedIn } from '../components/signed-in';
import { accountMessages } from '../messages';

export function ReceiptPage() {
  return <SignedIn>{() => <ReceiptView />}</SignedIn>;
}


/** A printable receipt: business, customer, booking, line items, tax, total and the card that paid. */
function ReceiptView() {
  const t = useT(accountMessages);
  const ledger = useT(ledgerMessages);
  const cardName = useCardName();
  const { language } = useLanguage();
  const { bookingId } = useParams({ strict: false }) as { bookingId: string };
  const receipt = useQuery(receiptQuery(bookingId));

  if (receipt.isLoading) return <Spinner />;
  if (!receipt.data) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={t('receiptTitle')} back="/bookings" backLabel={t('back')} />
        <Alert tone="error" title={t('receiptUnavailable')}>
          {errorMessage(receipt.error, t('tryAgain'))}
        </Alert>
      </div>
    );
  }
  const r = receipt.data;
  return (
    <div className="flex flex-col gap-4">
      {/* The header and bottom navigation belong to the shell; on paper only the receipt shows. */}
      <style>{'@media print { header, nav { display: none !important; } main { padding: 0 !important; } }'}</style>
      <PageHeader title={t('receiptTitle')} back="/bookings" backLabel={t('back')}>
        <Button size="sm" variant="outline" onClick={() => window.print()} className="print:hidden">
          <Printer aria-hidden /> {t('print')}
        </Button>
      </PageHeader>
      <Card className="print:border-0 print:shadow-none">
        <CardContent className="flex flex-col gap-4 pt-4 text-sm">
          <div>
            <p className="text-xl font-bold">{r.business.name}</p>
            <p className="text-slate-500">{r.business.address}</p>
            <p className="text-slate-500">
              {r.business.phone} · {r.business.email}
            </p>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div>
              <p className="text-xs uppercase text-slate-500">{t('receiptNumber')}</p>
              <p className="font-mono font-semibold">#{r.bookingNumber}</p>
            </div>
            <div>
              <p className="text-xs uppercase text-slate-500">{t('receiptDate')}</p>
              <p>{formatDate(r.issuedAt, language)}</p>
            </div>
            <div>
              <p className="text-xs uppercase text-slate-500">{t('billedTo')}</p>
              <p>{r.customer.fullName}</p>
              <p className="break-all text-slate-500">{r.customer.email}</p>
            </div>
            <div>
              <p className="text-xs uppercase text-slate-500">{t('serviceDate')}</p>
              <p>{formatDateTime(r.scheduledDate, language)}</p>
              {r.address && (
                <p className="text-slate-500">
                  {r.address.street}, {r.address.city}, {r.address.state} {r.address.zipCode}
                </p>
              )}
            </div>
          </div>
          <JobLines job={r.job} total={r.total} />
          <p>
            {r.payment.last4 ? t('paidWith', { card: cardName(r.payment.brand ?? 'card', r.payment.last4) }) : t('paymentOnFile')}
            {(r.payment.status === 'refunded' || r.payment.status === 'partially_refunded') && <span className="ml-2 font-semibold text-red-600">{t('refunded')}</span>}
          </p>
          {r.payments.length > 0 && (
            // Every money movement of the booking, from its ledger: payments, tips, refunds (decision 049).
            <table className="w-full" aria-label={ledger('title')}>
              <tbody>
                {r.payments.map((p) => (
                  <tr key={p.id} className="border-b border-slate-100 dark:border-slate-800" data-testid="receipt-payment">
                    <td className="py-1">
                      {ledger(`kind.${p.kind}`)} · {ledger(`method.${p.method}`)} <span className="text-slate-500">{formatDate(p.createdAt, language)}</span>
                    </td>
                    <td className="py-1 text-right">{p.kind === 'refund' ? `−${formatUsd(p.amountCents / 100)}` : formatUsd(p.amountCents / 100)}</td>
                  </tr>
                ))}
                {r.paymentSummary.balanceCents > 0 && (
                  <tr className="font-semibold">
                    <td className="pt-1">{ledger('left')}</td>
                    <td className="pt-1 text-right">{formatUsd(r.paymentSummary.balanceCents / 100)}</td>
                  </tr>
                )}
              </tbody>
            </table>
          )}
          <p className="text-xs text-slate-500">{t('receiptThanks')}</p>
        </CardContent>
      </Card>
      {/* A pickup job's chain of custody: both inspections, printed with the receipt. */}
      <InspectionsSideBySide bookingId={bookingId} allowConcern />
    </div>
  );
}
